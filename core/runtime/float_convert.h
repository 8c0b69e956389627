// Conversions between the host's numbers and each dtype's storage: the narrow
// float formats, and Cast's rules for floats and integers.
//
// Every conversion rounds exactly once (to nearest, ties to even), so the
// reference evaluator never inherits a double-rounding error from the host.
#pragma once

#include "core/ir/dtype.h"

#include <cstdint>

namespace uops {

// float16 (IEEE binary16).
uint16_t halfFromDouble(double x);
double halfToDouble(uint16_t bits);

// bfloat16: the upper 16 bits of a float32. NaN stays NaN (sign and the top of
// the payload kept, quiet bit set so a payload only in the low half survives).
uint16_t bfloat16FromFloat(float x);
uint16_t bfloat16FromDouble(double x);
double bfloat16ToDouble(uint16_t bits);

// x rounded to float dtype t (float16, bfloat16, float32, float64), as a double.
double roundToFloatType(ScalarType t, double x);
// An integer rounded to float dtype t, as a double.
double intToFloatType(ScalarType t, int64_t x);
double uintToFloatType(ScalarType t, uint64_t x);

// Cast from a float to integer dtype t (or bool). Truncates toward zero. The
// spec leaves out-of-range values open; we saturate to t's min/max and map NaN
// to 0, so the oracle is total and deterministic. To bool: x != 0 (NaN is true).
// Returns t's two's complement bits, sign-extended (signed t) to 64 bits.
uint64_t floatToIntBits(ScalarType t, double x);

// Wraps 64-bit two's complement bits to the width of integer dtype t,
// sign-extending for signed t (the integer law: arithmetic modulo 2^bits).
// Bool: bits != 0.
uint64_t wrapToInt(ScalarType t, uint64_t bits);

bool isSignedInt(ScalarType t); // int8..int64 and index

} // namespace uops
