# Stand-in for the transformers package (see README.md): importable, an error when used.


class AutoTokenizer:
  def __init__(self, *args, **kwargs):
    raise RuntimeError("transformers.AutoTokenizer: a stand-in of the model check; the package is not available")

  @staticmethod
  def from_pretrained(*args, **kwargs):
    raise RuntimeError("transformers.AutoTokenizer: a stand-in of the model check; the package is not available")
