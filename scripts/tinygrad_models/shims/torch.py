# Stand-in for torch (see README.md): importable, an error when called.


def tensor(*args, **kwargs):
  raise RuntimeError("torch.tensor: a stand-in of the model check; torch is not available")


def load(*args, **kwargs):
  raise RuntimeError("torch.load: a stand-in of the model check; torch is not available")
