# Data prepared with numpy, as tinygrad's examples prepare it: a seeded
# numpy generator makes the inputs, labels and initial weights,
# np.random.randint picks each step's batch, Tensor(np_array) takes it in,
# and two SGD steps of a small MLP print their losses; the outputs are the
# trained weights.
import numpy as np
from tinygrad import Tensor, Context
from tinygrad.nn.optim import SGD

np.random.seed(1337)
X = np.random.randn(64, 4).astype(np.float32)
Y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(np.int32)
print(X[:2])
print(repr(Y[:8]), Y.sum(), Y.dtype)
w1 = Tensor(np.random.uniform(-0.5, 0.5, size=(4, 16)).astype(np.float32))
w2 = Tensor((np.random.rand(16, 2) - 0.5).astype(np.float32))
opt = SGD([w1, w2], lr=0.5)

def step(xb, yb):
  opt.zero_grad()
  loss = (Tensor(xb) @ w1).relu().matmul(w2).sparse_categorical_crossentropy(Tensor(yb))
  loss.backward()
  opt.step()
  return loss

for i in range(2):
  samp = np.random.randint(0, X.shape[0], size=16)
  with Context(TRAINING=1):
    loss = step(X[samp], Y[samp])
  print(f"step {i} loss {loss.item():.6f}", samp[:4])
# whole thousandths: a weight's last float digit depends on the sum order
print((w2.numpy()[:3] * 1000).astype(np.int32))
out = [w1, w2]
