// Test inputs whose values are not all alike: sin of a ramp, realized.
#pragma once

#include "core/tensor/tensor.h"

namespace uops::testsupport {

// rows x cols of sin(k * scale), k the element's row-major position
inline Tensor ramp(int64_t rows, int64_t cols, double scale = 0.37) {
  return (Tensor::arange(rows * cols).cast(dtypes::float32) * scale).sin().reshape({rows, cols}).contiguous();
}

} // namespace uops::testsupport
