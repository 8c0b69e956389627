# softmax and log_softmax against their definitions, including rows with
# large values where the max subtraction keeps exp() finite.
from tinygrad import Tensor, dtypes

x = Tensor([[1.0, 2.0, 3.0, 4.0], [-1.0, 0.0, 1.0, 0.5], [1000.0, 1001.0, 1002.0, 999.0]])
m = x.max(axis=-1, keepdim=True)
e = (x - m).exp()
manual = e / e.sum(axis=-1, keepdim=True)
out = [x.softmax(), manual, x.log_softmax(axis=1), x.logsumexp(axis=1)]
