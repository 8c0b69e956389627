# The MNIST trainer of a tinygrad checkout (examples/beautiful_mnist.py): its
# Model (convolutions, BatchNorm, max-pooling; @function on __call__) and its
# jitted train_step with Adam, four steps on seeded random 28x28 "digits" in
# place of MNIST (BS=16 from the environment, as the example reads it), then
# its jitted test accuracy. train_step reads the module's opt, as the
# example's __main__ sets it.
# env: BS=16
# Compared with tinygrad's default CPU backend (C). Adam amplifies the last
# bits of the first gradients: tinygrad's C and LLVM backends differ by 2.2e-4
# of the largest value over the four losses. uopc's CPU kernels and the
# reference evaluator sum each output of a sum of products in one chain in
# index order, as the C backend's kernels do (2.3e-7 and 1.3e-7 from it).
from tinygrad import Tensor, nn
import examples.beautiful_mnist as mnist

Tensor.manual_seed(0)
model = mnist.Model()
mnist.opt = nn.optim.Adam(nn.state.get_parameters(model))
X_train, Y_train = Tensor.rand(64, 1, 28, 28), Tensor.randint(64, high=10)
for i in range(4):
  loss = model.train_step(X_train, Y_train)
  print(Tensor([loss.item()]).tolist())
print(model.get_test_acc(X_train[:32], Y_train[:32]).reshape(1).tolist())
