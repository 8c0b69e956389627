# The MNIST trainer of a tinygrad checkout (examples/beautiful_mnist.py): its
# Model (convolutions, BatchNorm, max-pooling; @function on __call__) and its
# jitted train_step with Adam, four steps on seeded random 28x28 "digits" in
# place of MNIST (BS=16 from the environment, as the example reads it), then
# its jitted test accuracy. train_step reads the module's opt, as the
# example's __main__ sets it.
# env: BS=16
# tinygrad device: CPU:LLVM (Adam amplifies the last bits of the first
# gradients: tinygrad's C backend and its LLVM backend differ by 2.2e-4 of the
# largest value over the four losses, uopc and the LLVM backend by 2e-7)
# tolerance REF: 2.3e-4 (the reference evaluator adds each reduction's terms
# one by one in order, as tinygrad's C backend does: REF and the C backend
# differ by 1.3e-7 of the largest value on every loss and give the same bits
# for the first loss of this forward written out by hand, both 4.4e-6 from
# its value in float64, where the LLVM backend's partial sums are nearer
# (3e-7); so REF differs from the LLVM peer by what the C backend does,
# 2.25e-4, and the tolerance is that spread)
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
