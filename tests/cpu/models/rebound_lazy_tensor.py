# A lazy tensor built while start_pos is bound to 1 keeps that value when
# start_pos is bound to 2 before it is realized (tinygrad's BIND travels
# with the graph).
from tinygrad import Tensor, Variable
cache = Tensor.arange(12).reshape(6, 2).float().contiguous().realize()
v = Variable("start_pos", 0, 4)
sp = v.bind(1)
y = cache[sp:sp+1] * 2
sp = v.bind(2)
z = cache[sp:sp+1] * 3
print(y.numpy().tolist(), z.numpy().tolist())
