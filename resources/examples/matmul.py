# A matrix product three ways: the @ operator, matmul with a batch, and the
# spec's gemm composite (broadcast multiply, then sum over the shared axis).
from tinygrad import Tensor, dtypes

a = (Tensor.arange(4 * 6).reshape(4, 6).float() * 0.25).sin()
b = (Tensor.arange(6 * 3).reshape(6, 3).float() * 0.5).cos()
c = a @ b
batched = Tensor.stack(a, a * 2).matmul(b)
gemm = (a.reshape(4, 6, 1) * b.reshape(1, 6, 3)).sum(axis=1)
out = [c, batched, gemm]
