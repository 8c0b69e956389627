// Rounding a double to a narrower float format, as a store to that dtype would.
#pragma once

#include "core/ir/dtype.h"

namespace uops {

// x rounded to nearest-even in d's float format (float16, bfloat16, float32;
// float64 unchanged), overflowing to +-inf and keeping subnormals.
double roundToFloat(const DType& d, double x);

} // namespace uops
