# tinygrad.nn.datasets as UOpScope provides it: the loaders tinygrad's examples
# import (`from tinygrad.nn.datasets import mnist`). They download their data;
# a program here has no network, so calling one is an error that says so.


def mnist(device=None, fashion=False):
  raise RuntimeError("tinygrad.nn.datasets.mnist: no network is available to a program here (the dataset cannot be downloaded)")


def cifar(device=None):
  raise RuntimeError("tinygrad.nn.datasets.cifar: no network is available to a program here (the dataset cannot be downloaded)")
