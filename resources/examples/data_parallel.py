from tinygrad import Tensor

# A data-parallel training step on two devices (CPU:1 is a virtual device on
# the same host): the batch is sharded along axis 0, the weights replicated.
# Each device computes its half of the batch; the weight gradients are
# allreduced (the loss is a mean over the whole, sharded batch).
D = ("CPU:0", "CPU:1")
Tensor.manual_seed(0)
x = Tensor.randn(64, 16).shard(D, axis=0)
y = Tensor.randn(64, 4).shard(D, axis=0)
w1 = (Tensor.randn(16, 32) * 0.1).shard(D)
w2 = (Tensor.randn(32, 4) * 0.1).shard(D)

loss = (((x @ w1).relu() @ w2 - y) ** 2).mean()
loss.backward()
w1_new = w1 - 0.05 * w1.grad
w2_new = w2 - 0.05 * w2.grad
out = [loss, w1_new, w2_new]
