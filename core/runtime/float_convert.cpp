#include "core/runtime/float_convert.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace uops {
namespace {

// Round to odd: truncate toward zero and set the last bit when anything was
// lost. A value rounded to odd with at least two spare bits, then rounded to
// nearest-even, is rounded correctly once (Boldo and Melquiond), so this
// carries a double or a 64-bit integer into bfloat16 without double rounding.
float roundToOddFloat(double x) {
  float f = static_cast<float>(x);
  if (std::isnan(x) || static_cast<double>(f) == x) return f;
  if (std::fabs(static_cast<double>(f)) > std::fabs(x)) f = std::nextafter(f, 0.0f);
  return std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u);
}

double roundToOddDouble(uint64_t magnitude) {
  constexpr int kDigits = std::numeric_limits<double>::digits; // 53
  if (magnitude < (uint64_t(1) << kDigits)) return static_cast<double>(magnitude);
  int drop = 64 - std::countl_zero(magnitude) - kDigits;
  uint64_t top = magnitude >> drop;
  if (magnitude & ((uint64_t(1) << drop) - 1)) top |= 1;
  return std::ldexp(static_cast<double>(top), drop);
}

int bitWidth(ScalarType t) {
  return DType(t).itemSize() * 8;
}

} // namespace

bool isSignedInt(ScalarType t) {
  switch (t) {
  case ScalarType::Int8:
  case ScalarType::Int16:
  case ScalarType::Int32:
  case ScalarType::Int64:
  case ScalarType::Index:
    return true;
  default:
    return false;
  }
}

uint16_t halfFromDouble(double x) {
  // GCC converts double to _Float16 in one correctly rounded step.
  _Float16 h = static_cast<_Float16>(x);
  uint16_t bits;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}

double halfToDouble(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof bits);
  return static_cast<double>(h);
}

uint16_t bfloat16FromFloat(float x) {
  uint32_t u = std::bit_cast<uint32_t>(x);
  if (std::isnan(x)) return static_cast<uint16_t>((u >> 16) | 0x0040u);
  // Ties to even: add just under half an ulp, plus one when the kept part is odd.
  u += 0x7FFFu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}

uint16_t bfloat16FromDouble(double x) {
  return bfloat16FromFloat(roundToOddFloat(x));
}

double bfloat16ToDouble(uint16_t bits) {
  return static_cast<double>(std::bit_cast<float>(uint32_t(bits) << 16));
}

double roundToFloatType(ScalarType t, double x) {
  switch (t) {
  case ScalarType::Float16:
    return halfToDouble(halfFromDouble(x));
  case ScalarType::BFloat16:
    return bfloat16ToDouble(bfloat16FromDouble(x));
  case ScalarType::Float32:
    return static_cast<double>(static_cast<float>(x));
  default:
    return x;
  }
}

double uintToFloatType(ScalarType t, uint64_t x) {
  switch (t) {
  // Any integer beyond 2^53 that a double would round is beyond float16's range too.
  case ScalarType::Float16:
    return halfToDouble(halfFromDouble(static_cast<double>(x)));
  case ScalarType::BFloat16:
    return bfloat16ToDouble(bfloat16FromDouble(roundToOddDouble(x)));
  case ScalarType::Float32:
    return static_cast<double>(static_cast<float>(x));
  default:
    return static_cast<double>(x);
  }
}

double intToFloatType(ScalarType t, int64_t x) {
  if (x >= 0) return uintToFloatType(t, static_cast<uint64_t>(x));
  // Rounding to nearest is symmetric, so round the magnitude.
  return -uintToFloatType(t, uint64_t(0) - static_cast<uint64_t>(x));
}

uint64_t floatToIntBits(ScalarType t, double x) {
  if (t == ScalarType::Bool) return x != 0 ? 1 : 0;
  if (std::isnan(x)) return 0;
  double whole = std::trunc(x);
  int bits = bitWidth(t);
  if (!isSignedInt(t)) {
    uint64_t max = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    if (whole <= 0) return 0;
    if (whole >= std::ldexp(1.0, bits)) return max;
    return static_cast<uint64_t>(whole);
  }
  double limit = std::ldexp(1.0, bits - 1);
  int64_t max = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
  if (whole >= limit) return static_cast<uint64_t>(max);
  if (whole < -limit) return static_cast<uint64_t>(-max - 1);
  return static_cast<uint64_t>(static_cast<int64_t>(whole));
}

uint64_t wrapToInt(ScalarType t, uint64_t bits) {
  if (t == ScalarType::Bool) return bits != 0 ? 1 : 0;
  int width = bitWidth(t);
  if (width >= 64) return bits;
  uint64_t mask = (uint64_t(1) << width) - 1;
  bits &= mask;
  if (isSignedInt(t) && (bits >> (width - 1)) != 0) bits |= ~mask;
  return bits;
}

} // namespace uops
