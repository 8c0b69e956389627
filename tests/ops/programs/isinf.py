from tinygrad import Tensor, dtypes

x = Tensor([-float('inf'), 0.0, float('inf'), float('nan'), 1.1])
out = [x.isinf(), x.isinf(detect_positive=True, detect_negative=False), x.isinf(detect_positive=False, detect_negative=True)]
