# The GAN of a tinygrad checkout (examples/mnist_gan.py): its LinearGen and
# LinearDisc, its Adam settings and its train_discriminator /
# train_generator, two steps on seeded random "images" in place of MNIST
# (batch 16). The training functions read the module's batch_size and
# discriminator, as the example's __main__ sets them. The example imports
# torch and torchvision at module level: shims/ stands in for them.
from tinygrad import Tensor
from tinygrad.helpers import Context
from tinygrad.nn import optim
from tinygrad.nn.state import get_parameters
import examples.mnist_gan as gan

Tensor.manual_seed(0)
gan.batch_size = 16
generator = gan.LinearGen()
gan.discriminator = gan.LinearDisc()
optim_g = optim.Adam(get_parameters(generator), lr=0.0002, b1=0.5)
optim_d = optim.Adam(get_parameters(gan.discriminator), lr=0.0002, b1=0.5)
images = Tensor.randint(64, 28, 28, low=0, high=256)
with Context(TRAINING=1):
  for step in range(2):
    data_real = gan.make_batch(images)
    data_fake = generator.forward(Tensor.randn(gan.batch_size, 128)).detach()
    loss_d = gan.train_discriminator(optim_d, data_real, data_fake)
    loss_g = gan.train_generator(optim_g, generator.forward(Tensor.randn(gan.batch_size, 128)))
    print(Tensor([loss_d.item(), loss_g.item()]).tolist())
