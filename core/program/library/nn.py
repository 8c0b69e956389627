# tinygrad.nn as UOpScope provides it: the layers of tinygrad's nn package with
# the same constructor arguments, attribute names (so state dicts have
# tinygrad's keys) and default initializers (so a seeded model gets tinygrad's
# exact weights, drawn in the same order from the same Threefry stream).
# Written in the program language; the Tensor methods do the work.
import math
from tinygrad import Tensor, dtypes
from tinygrad.helpers import prod, TRAINING


def _as_tuple(value, count):
  if isinstance(value, int):
    return tuple([value] * count)
  return tuple(value)


def _channel_shape(ndim):
  # [1, C, 1, 1, ...]: per-channel values broadcast over an N, C, ... input.
  return [1, -1] + [1] * (ndim - 2)


class BatchNorm:
  def __init__(self, sz, eps=1e-5, affine=True, track_running_stats=True, momentum=0.1):
    self.eps, self.track_running_stats, self.momentum = eps, track_running_stats, momentum
    self.weight = Tensor.ones(sz) if affine else None
    self.bias = Tensor.zeros(sz) if affine else None
    self.num_batches_tracked = Tensor.zeros(dtype="long").is_param_(False)
    if track_running_stats:
      self.running_mean = Tensor.zeros(sz).is_param_(False)
      self.running_var = Tensor.ones(sz).is_param_(False)

  def calc_stats(self, x):
    shape = _channel_shape(x.ndim)
    if self.track_running_stats and not TRAINING:
      return self.running_mean, self.running_var.reshape(shape=shape)
    axes = tuple([i for i in range(x.ndim) if i != 1])
    mean = x.mean(axis=axes)
    # the variance's gradient does not flow into the mean
    centered = x - mean.detach().reshape(shape=shape)
    return mean, (centered * centered).mean(axis=axes)

  def __call__(self, x):
    mean, var = self.calc_stats(x)
    if self.track_running_stats and TRAINING:
      keep, m = 1 - self.momentum, self.momentum
      self.running_mean.assign(keep * self.running_mean + m * mean.detach())
      unbiased = m * x.numel() / (x.numel() - x.shape[1])
      self.running_var.assign(keep * self.running_var + unbiased * var.detach())
      self.num_batches_tracked += 1
    return x.batchnorm(self.weight, self.bias, mean, var.add(self.eps).rsqrt())


BatchNorm2d = BatchNorm
BatchNorm3d = BatchNorm


class Conv2d:
  def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
               groups=1, bias=True):
    self.kernel_size = _as_tuple(kernel_size, 2)
    if isinstance(padding, str):
      assert padding.lower() == "same", f"Invalid padding string {padding!r}, only 'same' is supported"
      assert stride == 1, "padding='same' is not supported for strided convolutions"
      dilations = _as_tuple(dilation, len(self.kernel_size))
      pads = []
      for d, k in zip(dilations, self.kernel_size[::-1]):
        total = d * (k - 1)
        pads += [total // 2, total - total // 2]
      padding = tuple(pads)
    self.stride, self.dilation, self.groups, self.padding = stride, dilation, groups, padding
    bound = 1 / math.sqrt(in_channels * prod(self.kernel_size))
    self.weight = Tensor.uniform(out_channels, in_channels // groups, *self.kernel_size,
                                 low=-bound, high=bound)
    self.bias = Tensor.uniform(out_channels, low=-bound, high=bound) if bias else None

  def __call__(self, x):
    return x.conv2d(self.weight, self.bias, self.groups, self.stride, self.dilation, self.padding)


def Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
           bias=True):
  return Conv2d(in_channels, out_channels, (kernel_size,), stride, padding, dilation, groups, bias)


class ConvTranspose2d(Conv2d):
  def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
               output_padding=0, dilation=1, groups=1, bias=True):
    super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias)
    bound = 1 / math.sqrt(in_channels * prod(self.kernel_size))
    self.weight = Tensor.uniform(in_channels, out_channels // groups, *self.kernel_size,
                                 low=-bound, high=bound)
    self.output_padding = output_padding

  def __call__(self, x):
    return x.conv_transpose2d(self.weight, self.bias, self.groups, self.stride, self.dilation,
                              self.padding, self.output_padding)


def ConvTranspose1d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                    dilation=1, groups=1, bias=True):
  return ConvTranspose2d(in_channels, out_channels, (kernel_size,), stride, padding,
                         output_padding, dilation, groups, bias)


class Linear:
  def __init__(self, in_features, out_features, bias=True):
    bound = 1 / math.sqrt(in_features)
    self.weight = Tensor.uniform(out_features, in_features, low=-bound, high=bound)
    self.bias = Tensor.uniform(out_features, low=-bound, high=bound) if bias else None

  def __call__(self, x):
    return x.linear(self.weight.transpose(), self.bias)


def _scale_channels(x, weight, bias):
  if weight is None or bias is None:
    return x
  shape = _channel_shape(x.ndim)
  return x * weight.reshape(shape) + bias.reshape(shape)


class GroupNorm:
  def __init__(self, num_groups, num_channels, eps=1e-5, affine=True):
    self.num_groups, self.num_channels, self.eps = num_groups, num_channels, eps
    self.weight = Tensor.ones(num_channels) if affine else None
    self.bias = Tensor.zeros(num_channels) if affine else None

  def __call__(self, x):
    grouped = x.reshape(x.shape[0], self.num_groups, -1).layernorm(eps=self.eps)
    return _scale_channels(grouped.reshape(x.shape), self.weight, self.bias)


class InstanceNorm:
  def __init__(self, num_features, eps=1e-5, affine=True):
    self.num_features, self.eps = num_features, eps
    self.weight = Tensor.ones(num_features) if affine else None
    self.bias = Tensor.zeros(num_features) if affine else None

  def __call__(self, x):
    per_channel = x.reshape(x.shape[0], self.num_features, -1).layernorm(eps=self.eps)
    return _scale_channels(per_channel.reshape(x.shape), self.weight, self.bias)


class LayerNorm:
  def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True):
    self.normalized_shape = _as_tuple(normalized_shape, 1)
    self.axis = tuple([-1 - i for i in range(len(self.normalized_shape))])
    self.eps = eps
    self.weight = Tensor.ones(*self.normalized_shape) if elementwise_affine else None
    self.bias = Tensor.zeros(*self.normalized_shape) if elementwise_affine else None

  def __call__(self, x):
    n = len(self.normalized_shape)
    assert tuple(x.shape[-n:]) == self.normalized_shape, \
        f"last dimensions of {x.shape} must match {self.normalized_shape}"
    x = x.layernorm(eps=self.eps, axis=self.axis)
    if self.weight is None or self.bias is None:
      return x
    return x * self.weight + self.bias


class LayerNorm2d(LayerNorm):
  def __call__(self, x):
    return super().__call__(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class RMSNorm:
  def __init__(self, dim, eps=1e-6, elementwise_affine=True):
    self.eps = eps
    self.weight = Tensor.ones(dim) if elementwise_affine else None

  def _norm(self, x):
    return x * (x.square().mean(-1, keepdim=True) + self.eps).rsqrt()

  def __call__(self, x):
    x = self._norm(x.float()).cast(x.dtype)
    return x if self.weight is None else x * self.weight


class Embedding:
  def __init__(self, vocab_size, embed_size):
    self.weight = Tensor.glorot_uniform(vocab_size, embed_size)

  def __call__(self, idx):
    assert dtypes.is_int(idx.dtype), f"Expected integer dtype for index in embedding, got {idx.dtype}"
    # a one-hot selection over the vocabulary, summed: row idx of the table
    vocab = Tensor.arange(self.weight.shape[0])
    hit = (vocab == idx.unsqueeze(-1)).unsqueeze(-1)
    return hit.where(self.weight, 0).sum(-2, dtype=self.weight.dtype)


class LSTMCell:
  def __init__(self, input_size, hidden_size, bias=True):
    bound = 1.0 / math.sqrt(hidden_size)
    self.weight_ih = Tensor.uniform(hidden_size * 4, input_size, low=-bound, high=bound)
    self.weight_hh = Tensor.uniform(hidden_size * 4, hidden_size, low=-bound, high=bound)
    self.bias_ih = Tensor.zeros(hidden_size * 4) if bias else None
    self.bias_hh = Tensor.zeros(hidden_size * 4) if bias else None

  def __call__(self, x, hc=None):
    if hc is None:
      zeros = Tensor.zeros(x.size(0), self.weight_hh.size(1), dtype=x.dtype)
      hc = (zeros, zeros)
    h, c = hc
    gates = x.linear(self.weight_ih.T, self.bias_ih) + h.linear(self.weight_hh.T, self.bias_hh)
    i, f, g, o = gates.chunk(4, dim=1)
    new_c = f.sigmoid() * c + i.sigmoid() * g.tanh()
    return o.sigmoid() * new_c.tanh(), new_c
