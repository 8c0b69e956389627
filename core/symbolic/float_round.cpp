#include "core/symbolic/float_round.h"

#include <cmath>

namespace uops {
namespace {

// A binary format with `precision` significand bits (implicit bit included)
// whose smallest normal is 2^(minExp-1) and largest finite below 2^maxExp
// (frexp's exponent convention: x = m * 2^e with 0.5 <= |m| < 1).
double roundTo(double x, int precision, int minExp, int maxExp) {
  if (!std::isfinite(x) || x == 0) return x;
  int e = 0;
  std::frexp(x, &e);
  // Below the normal range the spacing stays that of the smallest binade.
  int quantumExp = (e < minExp ? minExp : e) - precision;
  double q = std::ldexp(1.0, quantumExp);
  double r = std::nearbyint(x / q) * q; // x / q is exact: q is a power of two
  double maxFinite = std::ldexp(1.0, maxExp) - std::ldexp(1.0, maxExp - precision);
  if (std::fabs(r) > maxFinite) return std::copysign(INFINITY, x);
  return r;
}

} // namespace

double roundToFloat(const DType& d, double x) {
  switch (d.scalar) {
  case ScalarType::Float16:
    return roundTo(x, 11, -13, 16);
  case ScalarType::BFloat16:
    return roundTo(x, 8, -125, 128);
  case ScalarType::Float32:
    return static_cast<double>(static_cast<float>(x));
  default:
    return x;
  }
}

} // namespace uops
