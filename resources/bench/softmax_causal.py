# Attention's masked softmax: 2048 x 2048 scores where a causal bool mask holds
# (row r keeps its first r + 1), -inf elsewhere. Real values, so the exp pass
# sees the masked lanes' -inf as a user's model does.
# flops: 5*2048*2048
# bytes: (4+1+4)*2048*2048
from tinygrad import Tensor
scores = Tensor.randn(2048, 2048).realize()
mask = Tensor.ones(2048, 2048, dtype="bool").tril().realize()
out = mask.where(scores, float("-inf")).softmax(axis=1)
