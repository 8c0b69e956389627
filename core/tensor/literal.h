// Internal: the bytes of a tensor literal, as tinygrad packs Python values.
#pragma once

#include "core/tensor/tensor.h"

#include <string>
#include <vector>

namespace uops::tensor_detail {

// Little-endian storage of each value converted to dtype the way tinygrad does
// (Python int() truncation, C wrap-around for ints, round-to-nearest-even for
// float16 and bfloat16, overflow to infinity).
std::string literalBytes(const std::vector<Scalar>& values, DType dtype);
uint16_t doubleToHalfBits(double v);
uint16_t floatToBFloat16Bits(float v);
// A Python scalar's value as a float (True is 1.0).
double asDouble(const Scalar& s);

} // namespace uops::tensor_detail
