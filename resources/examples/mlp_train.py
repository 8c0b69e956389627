# One training step of a two-layer MLP: forward, cross-entropy loss, backward,
# an SGD update of every parameter, and the loss after the step. Parameters
# are literals (tensors with storage), so backward() fills their .grad.
from tinygrad import Tensor, dtypes

x = (Tensor.arange(8 * 4).reshape(8, 4).float() * 0.37).sin()
y = Tensor([0, 1, 2, 1, 0, 2, 1, 0])
w1 = Tensor([[(i * 7 + j * 3) % 11 / 11.0 - 0.5 for j in range(16)] for i in range(4)])
b1 = Tensor([0.0] * 16)
w2 = Tensor([[(i * 5 + j * 2) % 7 / 7.0 - 0.4 for j in range(3)] for i in range(16)])
b2 = Tensor([0.0, 0.0, 0.0])
params = [w1, b1, w2, b2]

def forward(x):
  return (x @ w1 + b1).relu() @ w2 + b2

loss = forward(x).sparse_categorical_crossentropy(y)
loss.backward()
# realize the gradients before the update: an assign changes the parameter's
# storage, and tinygrad would compute a still-lazy gradient from the new values
Tensor.realize(*[p.grad for p in params])
lr = 0.1
for p in params:
  p.assign(p - lr * p.grad)
new_loss = forward(x).sparse_categorical_crossentropy(y)
out = [loss, new_loss, w1.grad, b2]
