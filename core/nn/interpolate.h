// tinygrad's Tensor.interpolate: resampling of the trailing axes.
#pragma once

#include "core/tensor/tensor.h"

#include <string>

namespace uops {

// Resizes the last size.size() axes of x to `size` (any leading axes are
// batch). mode: "linear" (bilinear, trilinear, ... one axis at a time),
// "nearest" (floor(scale * i)) or "nearest-exact" (floor(scale * (i + 0.5))).
// alignCorners (linear only) maps the corner samples onto each other. The
// result keeps x's dtype.
Tensor interpolate(const Tensor& x, const Shape& size, const std::string& mode = "linear",
                   bool alignCorners = false);

} // namespace uops
