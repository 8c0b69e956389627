# tinygrad.nn.state as UOpScope provides it: a model's tensors by name, found
# the way tinygrad finds them (attributes in the order they were set, list and
# tuple items by index, dict items by key), and loading them back.
# safe_load / safe_save read and write safetensors files next to the program.
from tinygrad import Tensor


def get_state_dict(obj, prefix="", tensor_type=Tensor):
  if isinstance(obj, tensor_type):
    return {prefix.strip("."): obj}
  if hasattr(obj, "__dict__"):
    return get_state_dict(obj.__dict__, prefix, tensor_type)
  out = {}
  if isinstance(obj, (list, tuple)):
    for i, item in enumerate(obj):
      out.update(get_state_dict(item, f"{prefix}{i}.", tensor_type))
  elif isinstance(obj, dict):
    for key, item in obj.items():
      out.update(get_state_dict(item, f"{prefix}{key}.", tensor_type))
  return out


def get_parameters(obj):
  return list(get_state_dict(obj).values())


def load_state_dict(model, state_dict, strict=True, verbose=True, consume=False, realize=True):
  loaded = []
  for key, target in get_state_dict(model).items():
    if key not in state_dict:
      assert not strict, f"missing key in state dict: {key!r}"
      continue
    value = state_dict[key]
    if tuple(target.shape) != tuple(value.shape):
      scalar_like = [(), (1,)]
      assert tuple(target.shape) in scalar_like and tuple(value.shape) in scalar_like, \
          f"Shape mismatch in layer `{key}`: Expected shape {target.shape}, but found {value.shape} in state dict."
      value = value.reshape(target.shape)
    target.replace(value.to(target.device))
    if realize:
      target.realize()
    if consume:
      state_dict.pop(key)
    loaded.append(target)
  return loaded


def torch_load(t):
  # Model files import it for pretrained weights; a program here reads no torch files.
  raise RuntimeError("tinygrad.nn.state.torch_load: no torch files are available to a program here")
