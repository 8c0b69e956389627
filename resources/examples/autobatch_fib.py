# Recursive fibonacci, auto-batched: each member recurses to its own depth,
# and the VM runs every block on the members that are at it (Autobatch tab).
from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

out = fib(Tensor([5, 6, 8, 9, 0, 1]))
