#include "core/runtime/scalar_ops.h"

#include "core/runtime/float_convert.h"
#include "core/runtime/threefry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {
namespace {

[[noreturn]] void unsupported(Op op, ScalarType t, const char* needs) {
  throw std::domain_error(
      fmt::format("{} needs {} operands, got {}", opName(op), needs, toString(DType(t))));
}

// IEEE 754-2019 maximum: NaN if either operand is NaN, and +0 above -0.
template <class T> T ieeeMaximum(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
  if (a == b) return std::signbit(a) ? b : a;
  return a < b ? b : a;
}

// libm in double, rounded once to T.
template <class T, class F> T viaDouble(F f, T a) {
  return static_cast<T>(f(static_cast<double>(a)));
}

// a * 2^floor(n) rounded once, as x86's vscalefps: NaN where either is NaN, a
// product with an infinite scale where n is infinite (0 * 2^inf is NaN).
template <class T> T ldexpOf(T a, T n) {
  if (std::isnan(a) || std::isnan(n)) return std::numeric_limits<T>::quiet_NaN();
  if (std::isinf(n)) return a * (n > 0 ? std::numeric_limits<T>::infinity() : T(0));
  // beyond +-4096 every finite nonzero a overflows or rounds to zero alike
  return std::ldexp(a, static_cast<int>(std::clamp(std::floor(n), T(-4096), T(4096))));
}

// x minus x rounded to the nearest integer, ties to even: exact, within [-1/2, 1/2]; 0 where x
// is infinite, NaN where x is NaN (x86's vreduceps with round-to-nearest).
template <class T> T fracNearestOf(T x) {
  if (std::isinf(x)) return T(0);
  return x - std::nearbyint(x);
}

// One op in the arithmetic of T (float or double). Division is true division
// (not Mul by Recip); Mod is C's fmod, with the sign of the dividend.
template <class T> T floatArith(Op op, ScalarType t, T a, T b) {
  switch (op) {
  case Op::Recip:
    return T(1) / a;
  case Op::Trunc:
    return std::trunc(a);
  case Op::Neg:
    return -a;
  case Op::Add:
    return a + b;
  case Op::Sub:
    return a - b;
  case Op::Mul:
    return a * b;
  case Op::Div:
    return a / b;
  case Op::Max:
    return ieeeMaximum(a, b);
  case Op::Mod:
    return std::fmod(a, b);
  case Op::Idiv:
    return std::trunc(a / b); // C semantics: the quotient truncated toward zero
  case Op::Sqrt:
    return std::sqrt(a); // correctly rounded in T
  case Op::Exp2:
    return viaDouble([](double x) { return std::exp2(x); }, a);
  case Op::Log2:
    return viaDouble([](double x) { return std::log2(x); }, a);
  case Op::Sin:
    return viaDouble([](double x) { return std::sin(x); }, a);
  case Op::Ldexp:
    return ldexpOf(a, b);
  case Op::FracNearest:
    return fracNearestOf(a);
  case Op::Pow:
    return static_cast<T>(std::pow(static_cast<double>(a), static_cast<double>(b)));
  case Op::Xor:
  case Op::Or:
  case Op::And:
  case Op::Shl:
  case Op::Shr:
  case Op::Threefry:
    unsupported(op, t, "integer");
  default:
    throw std::domain_error(fmt::format("{} is not an arithmetic elementwise op", opName(op)));
  }
}

bool lessThan(ScalarType t, uint64_t a, uint64_t b) {
  if (isSignedInt(t)) return static_cast<int64_t>(a) < static_cast<int64_t>(b);
  return a < b;
}

// C division: the quotient truncated toward zero, the remainder with the sign
// of the dividend. Division by zero has no C value; we define x/0 = x%0 = 0 so
// the oracle never traps. The one overflowing quotient, MIN / -1, wraps to MIN
// (remainder 0).
uint64_t intDivide(Op op, ScalarType t, uint64_t a, uint64_t b) {
  bool mod = op == Op::Mod;
  if (b == 0) return 0;
  if (!isSignedInt(t)) return mod ? a % b : a / b;
  int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
  if (x == std::numeric_limits<int64_t>::min() && y == -1) return mod ? 0 : a;
  return static_cast<uint64_t>(mod ? x % y : x / y);
}

uint64_t intArith(Op op, ScalarType t, uint64_t a, uint64_t b) {
  // Shift amounts are taken modulo the bit width, as the hardware does.
  const uint64_t shiftMask = static_cast<uint64_t>(DType(t).bits() - 1);
  switch (op) {
  case Op::Trunc:
    return a;
  case Op::Neg:
    return uint64_t(0) - a;
  case Op::Add:
    return a + b;
  case Op::Sub:
    return a - b;
  case Op::Mul:
    return a * b;
  case Op::Max:
    return lessThan(t, a, b) ? b : a;
  case Op::Idiv:
  case Op::Div:
  case Op::Mod:
    return intDivide(op, t, a, b);
  case Op::Xor:
    return a ^ b;
  case Op::Or:
    return a | b;
  case Op::And:
    return a & b;
  case Op::Shl:
    return a << (b & shiftMask);
  case Op::Shr:
    // a is sign-extended for signed dtypes, so this is an arithmetic shift there.
    if (isSignedInt(t)) return static_cast<uint64_t>(static_cast<int64_t>(a) >> (b & shiftMask));
    return a >> (b & shiftMask);
  case Op::Threefry:
    if (t != ScalarType::UInt64) unsupported(op, t, "uint64");
    return threefry2x32(a, b);
  case Op::Recip:
  case Op::Exp2:
  case Op::Log2:
  case Op::Sin:
  case Op::Sqrt:
  case Op::Pow:
    unsupported(op, t, "float");
  default:
    throw std::domain_error(fmt::format("{} is not an arithmetic elementwise op", opName(op)));
  }
}

} // namespace

double floatOp(Op op, ScalarType t, double a, double b, double c) {
  // Mulacc is Add(Mul(a, b), c): two ops, two roundings (not a fused multiply-add).
  if (op == Op::Mulacc) return floatOp(Op::Add, t, floatOp(Op::Mul, t, a, b), c);
  // Fma is a * b + c rounded once (a machine's fused multiply-add)
  if (op == Op::Fma && t == ScalarType::Float64) return std::fma(a, b, c);
  if (op == Op::Fma)
    return roundToFloatType(
        t, static_cast<double>(
               std::fma(static_cast<float>(a), static_cast<float>(b), static_cast<float>(c))));
  if (t == ScalarType::Float64) return floatArith<double>(op, t, a, b);
  float r = floatArith<float>(op, t, static_cast<float>(a), static_cast<float>(b));
  return roundToFloatType(t, static_cast<double>(r));
}

uint64_t intOp(Op op, ScalarType t, uint64_t a, uint64_t b, uint64_t c) {
  if (op == Op::Mulacc || op == Op::Fma) return intOp(Op::Add, t, intOp(Op::Mul, t, a, b), c);
  return wrapToInt(t, intArith(op, t, a, b));
}

bool floatCompare(Op op, double a, double b) {
  switch (op) {
  case Op::CmpLt:
    return a < b;
  case Op::CmpNe:
    return a != b;
  case Op::CmpGt:
    return b < a;
  case Op::CmpGe:
    return !(a < b);
  case Op::CmpLe:
    return !(b < a);
  case Op::CmpEq:
    return !(a != b);
  case Op::Not:
    return a != 1;
  default:
    throw std::domain_error(fmt::format("{} is not a comparison", opName(op)));
  }
}

bool intCompare(Op op, ScalarType t, uint64_t a, uint64_t b) {
  switch (op) {
  case Op::CmpLt:
    return lessThan(t, a, b);
  case Op::CmpNe:
    return a != b;
  case Op::CmpGt:
    return lessThan(t, b, a);
  case Op::CmpGe:
    return !lessThan(t, a, b);
  case Op::CmpLe:
    return !lessThan(t, b, a);
  case Op::CmpEq:
    return a == b;
  case Op::Not:
    return a != 1;
  default:
    throw std::domain_error(fmt::format("{} is not a comparison", opName(op)));
  }
}

double floatIdentity(Op reduceOp) {
  if (reduceOp == Op::Add) return 0.0;
  if (reduceOp == Op::Mul) return 1.0;
  return -std::numeric_limits<double>::infinity();
}

uint64_t intIdentity(Op reduceOp, ScalarType t) {
  if (reduceOp == Op::Add) return 0;
  if (reduceOp == Op::Mul) return 1;
  if (!isSignedInt(t)) return 0;
  // The least signed value of t's width, sign-extended.
  return ~uint64_t(0) << (DType(t).bits() - 1);
}

} // namespace uops
