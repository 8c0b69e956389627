# Elementwise work in the dtypes a GPU kernel meets: float16 and int32
# arithmetic, comparisons, casts, where, and transcendentals.
from tinygrad import Tensor, dtypes

a = Tensor.rand(33, 65)
b = Tensor.rand(33, 65).cast(dtypes.float16)
i = Tensor.arange(33 * 65).reshape(33, 65).cast(dtypes.int32)
out = (a.exp2() + b.cast(dtypes.float32).log2() * a.sin()).sqrt()
mask = ((i % 7) < 3).where(out, -out)
halves = (b * 2 + 1).relu()
ints = (i * 3 - 5) // 4
out = [mask, halves, ints]
