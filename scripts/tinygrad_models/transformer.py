# The sequence transformer of a tinygrad checkout (extra/models/transformer.py)
# as its addition test uses it: 10 symbols, 6 positions, two blocks; the
# log-probabilities of a batch of two, then one SGD step's loss.
from tinygrad import Tensor, nn, Context
from extra.models.transformer import Transformer

Tensor.manual_seed(0)
model = Transformer(syms=10, maxlen=6, layers=2, embed_dim=32, num_heads=4, ff_dim=64)
x = Tensor([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]])
y = Tensor([[2, 3, 4, 5, 6, 7], [5, 4, 3, 2, 1, 0]])
print(model.forward(x).flatten().tolist())
opt = nn.optim.SGD(nn.state.get_parameters(model), lr=0.01)
with Context(TRAINING=1):
  loss = model.forward(x).sparse_categorical_crossentropy(y)
  opt.zero_grad()
  loss.backward()
  opt.step()
print(model.forward(x).sparse_categorical_crossentropy(y).reshape(1).tolist())
