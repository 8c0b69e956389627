// Convolutions as tinygrad's Tensor.conv2d / conv_transpose2d: pad, slide
// windows with Tensor::pool, multiply by the weight and sum, so the graph holds
// only movement, elementwise and reduce ops. Any number of spatial axes works
// (the weight's trailing axes are the kernel), not just two.
//
// Arguments keep tinygrad's keyword order and defaults, so a Python call maps
// field by field: x.conv2d(w, b, padding=1) is
// conv2d(x, w, {.bias = b, .padding = 1}). Every field of these argument
// structs has an initializer, even `{}`: GCC 12 warns about omitted fields of a
// designated initializer otherwise (-Wmissing-field-initializers).
#pragma once

#include "core/nn/int_tuple.h"
#include "core/tensor/tensor.h"

#include <optional>

namespace uops {

struct Conv2dArgs {
  std::optional<Tensor> bias{};
  int64_t groups = 1;
  IntTuple stride = 1;
  IntTuple dilation = 1;
  // An int, (pad_h, pad_w), or the flat (left, right, top, bottom); negative crops.
  IntTuple padding = 0;
  std::optional<DType> dtype{}; // the accumulation dtype of the sum
};

// x: (batch, groups * cin, *spatial), weight: (cout, cin, *kernel) with cout a
// multiple of groups. Result: (batch, cout, *out).
Tensor conv2d(const Tensor& x, const Tensor& weight, const Conv2dArgs& args = {});

struct ConvTranspose2dArgs {
  std::optional<Tensor> bias{};
  int64_t groups = 1;
  IntTuple stride = 1;
  IntTuple dilation = 1;
  IntTuple padding = 0;
  IntTuple outputPadding = 0;
};

// x: (batch, cin, *spatial), weight: (cin, cout / groups, *kernel). Result:
// (batch, cout, *out) with out = (in-1)*stride - pads + dilation*(k-1) + 1 + output_padding.
Tensor convTranspose2d(const Tensor& x, const Tensor& weight, const ConvTranspose2dArgs& args = {});

} // namespace uops
