# Stand-in for torchvision.utils (see ../README.md): importable, an error when called.


def make_grid(*args, **kwargs):
  raise RuntimeError("torchvision.utils.make_grid: a stand-in of the model check; torchvision is not available")


def save_image(*args, **kwargs):
  raise RuntimeError("torchvision.utils.save_image: a stand-in of the model check; torchvision is not available")
