#include "core/frontend/arith.h"

#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace uops::frontend {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

[[noreturn]] void overflow() {
  throw ScriptError("integer result is too large (the limit is 2**63 - 1)");
}

int64_t intOf(const Value& v) {
  if (const bool* b = v.get<bool>()) return *b ? 1 : 0;
  return *v.get<int64_t>();
}

double floatOf(const Value& v) {
  if (const double* d = v.get<double>()) return *d;
  return static_cast<double>(intOf(v));
}

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0) throw ScriptError("integer division or modulo by zero");
  if (a == kMin && b == -1) overflow();
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q; // C++ truncates toward zero; Python floors
  return q;
}

int64_t floorMod(int64_t a, int64_t b) {
  if (b == 0) throw ScriptError("integer division or modulo by zero");
  if (b == -1) return 0; // also avoids kMin % -1, which C++ leaves undefined
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b; // the remainder takes the divisor's sign
  return r;
}

int64_t intPow(int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if ((exp & 1) && __builtin_mul_overflow(result, base, &result)) overflow();
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) overflow();
  }
  return result;
}

int64_t shiftLeft(int64_t a, int64_t n) {
  if (n < 0) throw ScriptError("negative shift count");
  if (a == 0) return 0;
  if (n >= 63) overflow();
  int64_t r = static_cast<int64_t>(static_cast<uint64_t>(a) << n);
  if ((r >> n) != a) overflow();
  return r;
}

int64_t shiftRight(int64_t a, int64_t n) {
  if (n < 0) throw ScriptError("negative shift count");
  return n >= 63 ? (a < 0 ? -1 : 0) : a >> n; // arithmetic shift: floors like Python
}

double floatFloorMod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0.0) {
    if ((b < 0) != (m < 0)) m += b;
  } else {
    m = std::copysign(0.0, b);
  }
  return m;
}

// a // b for floats: (a - fmod(a, b)) / b is integral in exact arithmetic;
// the rounding of that division is corrected toward the nearest integer.
double floatFloorDiv(double a, double b) {
  double m = std::fmod(a, b);
  double div = (a - m) / b;
  if (m != 0.0 && ((b < 0) != (m < 0))) div -= 1.0;
  if (div == 0.0) return std::copysign(0.0, a / b);
  double fl = std::floor(div);
  if (div - fl > 0.5) fl += 1.0;
  return fl;
}

double floatPow(double a, double b) {
  if (a == 0.0 && b < 0.0) throw ScriptError("0.0 cannot be raised to a negative power");
  if (a < 0.0 && std::isfinite(a) && std::isfinite(b) && b != std::floor(b))
    throw ScriptError("a negative number cannot be raised to a fractional power (complex numbers "
                      "are not supported)");
  double r = std::pow(a, b);
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    throw ScriptError("float result is out of range");
  return r;
}

std::optional<Value> intBinary(BinaryOp op, int64_t a, int64_t b, bool bothBool) {
  int64_t r = 0;
  switch (op) {
  case BinaryOp::Add:
    if (__builtin_add_overflow(a, b, &r)) overflow();
    return Value(r);
  case BinaryOp::Sub:
    if (__builtin_sub_overflow(a, b, &r)) overflow();
    return Value(r);
  case BinaryOp::Mul:
    if (__builtin_mul_overflow(a, b, &r)) overflow();
    return Value(r);
  case BinaryOp::TrueDiv:
    if (b == 0) throw ScriptError("division by zero");
    return Value(static_cast<double>(a) / static_cast<double>(b));
  case BinaryOp::FloorDiv:
    return Value(floorDiv(a, b));
  case BinaryOp::Mod:
    return Value(floorMod(a, b));
  case BinaryOp::Pow:
    if (b < 0) return Value(floatPow(static_cast<double>(a), static_cast<double>(b)));
    return Value(intPow(a, b));
  case BinaryOp::LShift:
    return Value(shiftLeft(a, b));
  case BinaryOp::RShift:
    return Value(shiftRight(a, b));
  case BinaryOp::BitAnd:
    return bothBool ? Value((a & b) != 0) : Value(a & b);
  case BinaryOp::BitOr:
    return bothBool ? Value((a | b) != 0) : Value(a | b);
  case BinaryOp::BitXor:
    return bothBool ? Value((a ^ b) != 0) : Value(a ^ b);
  case BinaryOp::MatMul:
  case BinaryOp::Eq:
  case BinaryOp::Ne:
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Value> floatBinary(BinaryOp op, double a, double b) {
  switch (op) {
  case BinaryOp::Add:
    return Value(a + b);
  case BinaryOp::Sub:
    return Value(a - b);
  case BinaryOp::Mul:
    return Value(a * b);
  case BinaryOp::TrueDiv:
    if (b == 0.0) throw ScriptError("float division by zero");
    return Value(a / b);
  case BinaryOp::FloorDiv:
    if (b == 0.0) throw ScriptError("float floor division by zero");
    return Value(floatFloorDiv(a, b));
  case BinaryOp::Mod:
    if (b == 0.0) throw ScriptError("float modulo by zero");
    return Value(floatFloorMod(a, b));
  case BinaryOp::Pow:
    return Value(floatPow(a, b));
  default:
    return std::nullopt; // bitwise operators and @ do not apply to floats
  }
}

} // namespace

std::partial_ordering compareNumbers(const Value& a, const Value& b) {
  if (!a.isFloat() && !b.isFloat()) return intOf(a) <=> intOf(b);
  if (a.isFloat() && b.isFloat()) return *a.get<double>() <=> *b.get<double>();
  bool swapped = a.isFloat();
  int64_t i = intOf(swapped ? b : a);
  double d = floatOf(swapped ? a : b);
  std::partial_ordering result = std::partial_ordering::unordered;
  if (std::isnan(d)) {
    result = std::partial_ordering::unordered;
  } else if (d >= 9223372036854775808.0) {
    result = std::partial_ordering::less;
  } else if (d < -9223372036854775808.0) {
    result = std::partial_ordering::greater;
  } else {
    double fl = std::floor(d);
    auto fi = static_cast<int64_t>(fl);
    if (i != fi)
      result = i <=> fi;
    else
      result = d > fl ? std::partial_ordering::less : std::partial_ordering::equivalent;
  }
  if (!swapped) return result;
  return 0 <=> result; // reverse the order for (float, int)
}

std::optional<Value> numericBinary(BinaryOp op, const Value& a, const Value& b) {
  if (!a.isNumber() || !b.isNumber()) return std::nullopt;
  if (isComparison(op)) {
    std::partial_ordering c = compareNumbers(a, b);
    switch (op) {
    case BinaryOp::Eq:
      return Value(c == 0);
    case BinaryOp::Ne:
      return Value(c != 0);
    case BinaryOp::Lt:
      return Value(c < 0);
    case BinaryOp::Le:
      return Value(c <= 0);
    case BinaryOp::Gt:
      return Value(c > 0);
    default:
      return Value(c >= 0);
    }
  }
  if (a.isFloat() || b.isFloat()) return floatBinary(op, floatOf(a), floatOf(b));
  return intBinary(op, intOf(a), intOf(b), a.isBool() && b.isBool());
}

std::optional<Value> numericUnary(UnaryOp op, const Value& v) {
  if (!v.isNumber()) return std::nullopt;
  if (const double* d = v.get<double>()) {
    switch (op) {
    case UnaryOp::Neg:
      return Value(-*d);
    case UnaryOp::Pos:
      return Value(*d);
    case UnaryOp::Abs:
      return Value(std::fabs(*d));
    case UnaryOp::Invert:
      return std::nullopt;
    }
  }
  int64_t i = intOf(v);
  switch (op) {
  case UnaryOp::Neg:
  case UnaryOp::Abs:
    if (op == UnaryOp::Abs && i >= 0) return Value(i);
    if (i == kMin) overflow();
    return Value(-i);
  case UnaryOp::Pos:
    return Value(i);
  case UnaryOp::Invert:
    return Value(~i);
  }
  return std::nullopt;
}

} // namespace uops::frontend
