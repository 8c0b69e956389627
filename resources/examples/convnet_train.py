# A convnet trained as tinygrad's examples/beautiful_mnist.py trains one, on
# synthetic 14x14 digits: a model class of tinygrad.nn layers, Adam, a
# TinyJit training step under Context(TRAINING=1), three steps. Each step is
# a realization point: the explorer lists what each one computes.
from tinygrad import Tensor, TinyJit, nn, Context

class Model:
  def __init__(self):
    self.layers = [
      nn.Conv2d(1, 4, 3), Tensor.relu,
      nn.Conv2d(4, 4, 3), Tensor.relu,
      nn.BatchNorm(4), Tensor.max_pool2d,
      lambda x: x.flatten(1), nn.Linear(4 * 5 * 5, 10),
    ]

  def __call__(self, x: Tensor) -> Tensor:
    return x.sequential(self.layers)

Tensor.manual_seed(42)
model = Model()
opt = nn.optim.Adam(nn.state.get_parameters(model), lr=0.01)
images = Tensor.randn(16, 1, 14, 14)
labels = Tensor.randint(16, low=0, high=10)

@TinyJit
@Context(TRAINING=1)
def train_step() -> Tensor:
  opt.zero_grad()
  samples = Tensor.randint(8, high=images.shape[0])
  loss = model(images[samples]).sparse_categorical_crossentropy(labels[samples]).backward()
  opt.step()
  return loss

losses = [train_step().item() for _ in range(3)]
accuracy = (model(images).argmax(axis=1) == labels).mean()
out = [Tensor(losses), accuracy, model.layers[0].weight]
