# A float32 matmul large enough for a GPU's work-group tile: LOCAL axes, a
# 4x4 register tile and operand tiles staged through shared memory, e.g.
# uopc emit --isa --target sm_90 --kernel 2 tests/cpu/gpu_programs/matmul_float.py
from tinygrad import Tensor

a = Tensor.rand(256, 256)
b = Tensor.rand(256, 256)
out = a @ b
