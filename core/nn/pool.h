// Pooling as tinygrad's Tensor.max_pool2d / avg_pool2d: pad, slide windows with
// Tensor::pool, reduce the window axes. Any number of trailing spatial axes
// (the kernel's length), not only two.
//
// Fields keep tinygrad's keyword order and defaults:
// x.avg_pool2d(kernel_size=(3, 3), stride=2, padding=1) is
// avgPool2d(x, {.kernelSize = {3, 3}, .stride = 2, .padding = 1}).
#pragma once

#include "core/nn/int_tuple.h"
#include "core/tensor/tensor.h"

#include <optional>
#include <utility>

namespace uops {

struct MaxPool2dArgs {
  IntTuple kernelSize = {2, 2};
  IntTuple stride = std::nullopt; // None: the kernel size
  IntTuple dilation = 1;
  // An int, one per spatial axis, or the flat (left, right, top, bottom).
  IntTuple padding = 0;
  bool ceilMode = false; // output size by ceil division: a last, partial window
};

struct AvgPool2dArgs {
  IntTuple kernelSize = {2, 2};
  IntTuple stride = std::nullopt;
  IntTuple dilation = 1;
  IntTuple padding = 0;
  bool ceilMode = false;
  bool countIncludePad = true; // false: divide by the number of real elements only
};

struct MaxUnpool2dArgs {
  IntTuple kernelSize = {2, 2};
  IntTuple stride = std::nullopt;
  IntTuple dilation = 1;
  IntTuple padding = 0;
  // The output's size; only its trailing spatial entries count. None: the
  // pooling's input size, from kernel, stride, dilation and padding.
  std::optional<Ints> outputSize = std::nullopt;
};

// Padding is filled with the dtype's minimum (-inf for floats).
Tensor maxPool2d(const Tensor& x, const MaxPool2dArgs& args = {});
// max_pool2d(return_indices=True): the maxima and, as int32, the flat index
// within the spatial axes of the first maximum of each window.
std::pair<Tensor, Tensor> maxPool2dWithIndices(const Tensor& x, const MaxPool2dArgs& args = {});
Tensor avgPool2d(const Tensor& x, const AvgPool2dArgs& args = {});
// The partial inverse of max_pool2d(return_indices=True): each value goes to
// its index within the spatial axes, the rest is zero.
Tensor maxUnpool2d(const Tensor& x, const Tensor& indices, const MaxUnpool2dArgs& args = {});

// tinygrad's _apply_ceil_mode: flat pads whose trailing sides grow so that the
// windows cover the output size ceil division gives, but no window starts in
// the trailing padding alone.
Ints ceilModePads(const Shape& spatial, const Ints& pads, const Shape& kernel, const Ints& stride,
                  const Ints& dilation);

} // namespace uops
