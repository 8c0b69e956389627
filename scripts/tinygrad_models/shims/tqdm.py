# Stand-in for the tqdm package (see README.md): importable, an error when called.


def tqdm(*args, **kwargs):
  raise RuntimeError("tqdm.tqdm: a stand-in of the model check; the package is not available")


def trange(*args, **kwargs):
  raise RuntimeError("tqdm.trange: a stand-in of the model check; the package is not available")
