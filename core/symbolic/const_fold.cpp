#include "core/symbolic/const_fold.h"

#include "core/ir/build.h"
#include "core/symbolic/float_round.h"
#include "core/symbolic/int_value.h"

#include <cmath>

namespace uops {
namespace {

// A constant operand: its exact integer, or its float value in its dtype.
struct Value {
  bool isFloat = false;
  Int128 i = 0;
  double f = 0;
  double asDouble() const { return isFloat ? f : static_cast<double>(i); }
};

std::optional<Value> readConst(const UOp& u) {
  if (u.op() != Op::Const || u.dtype().count != 1) return std::nullopt;
  if (!u.dtype().isFloat()) {
    auto v = intValue(u);
    if (!v) return std::nullopt;
    return Value{false, *v, 0};
  }
  auto c = u.constValue();
  if (!c) return std::nullopt;
  double x = std::visit([](auto v) { return static_cast<double>(v); }, *c);
  return Value{true, 0, roundToFloat(u.dtype(), x)};
}

UOpPtr floatConst(const DType& d, double v) {
  return constant(d.scalarType(), roundToFloat(d, v));
}
UOpPtr boolConst(bool v) {
  return constant(dtypes::bool_, v);
}

std::optional<Int128> intBinary(Op op, const DType& d, Int128 a, Int128 b) {
  using U = unsigned __int128;
  switch (op) {
  case Op::Add:
    return static_cast<Int128>(static_cast<U>(a) + static_cast<U>(b));
  case Op::Mul:
    return static_cast<Int128>(static_cast<U>(a) * static_cast<U>(b)); // modular
  case Op::Max:
    return a > b ? a : b;
  case Op::Idiv:
    return b == 0 ? std::nullopt : std::optional<Int128>(a / b); // truncates
  case Op::Mod:
    return b == 0 ? std::nullopt : std::optional<Int128>(a % b); // sign of a
  case Op::Xor:
    return a ^ b;
  case Op::Or:
    return a | b;
  case Op::And:
    return a & b;
  case Op::Shl:
    if (b < 0 || b >= d.bits()) return std::nullopt;
    return static_cast<Int128>(static_cast<U>(a) << static_cast<int>(b));
  case Op::Shr:
    if (b < 0 || b >= d.bits()) return std::nullopt;
    return a >> static_cast<int>(b); // arithmetic for negative (signed) values
  default:
    return std::nullopt;
  }
}

std::optional<double> floatBinary(Op op, double a, double b) {
  switch (op) {
  case Op::Add:
    return a + b;
  case Op::Mul:
    return a * b;
  case Op::Max:
    if (std::isnan(a) || std::isnan(b)) return std::nullopt; // the IR leaves NaN order open
    return a > b ? a : b;
  default:
    return std::nullopt;
  }
}

UOpPtr foldCast(const DType& to, const DType& from, const Value& v) {
  if (to.isFloat()) return floatConst(to, v.asDouble());
  if (to.isBool()) return boolConst(v.isFloat ? v.f != 0 : v.i != 0);
  if (!to.isInt()) return nullptr;
  if (!v.isFloat) return intConst(to, v.i);
  (void)from;
  if (std::isnan(v.f)) return nullptr;
  double t = std::trunc(v.f);
  if (t < -1.8e19 || t > 1.8e19) return nullptr;
  Int128 i = static_cast<Int128>(t);
  if (!fitsInt(to, i)) return nullptr; // out-of-range float to int is undefined
  return intConst(to, i);
}

UOpPtr foldUnary(const UOp& u, const Value& a) {
  const DType d = u.dtype();
  switch (u.op()) {
  case Op::Cast:
    return foldCast(d, u.src(0)->dtype(), a);
  case Op::Recip:
    if (!d.isFloat()) return nullptr;
    return floatConst(d, 1.0 / a.f);
  case Op::Trunc:
    if (!d.isFloat()) return intConst(d, a.i);
    return floatConst(d, std::trunc(a.f));
  default:
    return nullptr;
  }
}

UOpPtr foldBinary(const UOp& u, const Value& a, const Value& b) {
  const Op op = u.op();
  if (op == Op::CmpLt) return boolConst(a.isFloat ? a.asDouble() < b.asDouble() : a.i < b.i);
  if (op == Op::CmpNe) return boolConst(a.isFloat ? a.asDouble() != b.asDouble() : a.i != b.i);
  const DType d = u.dtype();
  if (d.isFloat()) {
    auto r = floatBinary(op, a.f, b.f);
    return r ? floatConst(d, *r) : nullptr;
  }
  if (a.isFloat || b.isFloat) return nullptr;
  auto r = intBinary(op, d, a.i, b.i);
  return r ? intConst(d, *r) : nullptr;
}

} // namespace

UOpPtr foldConstants(const UOp& u) {
  if (u.dtype().count != 1 || u.dtype().isPtr || opGroup(u.op()) != OpGroup::Elementwise)
    return nullptr;
  Value v[3];
  for (size_t i = 0; i < u.src().size(); ++i) {
    auto c = readConst(*u.src(i));
    if (!c) return nullptr;
    v[i] = *c;
  }
  switch (u.src().size()) {
  case 1:
    return foldUnary(u, v[0]);
  case 2:
    return foldBinary(u, v[0], v[1]);
  case 3:
    if (u.op() != Op::Where) return nullptr;
    return (v[0].isFloat ? v[0].f != 0 : v[0].i != 0) ? u.src(1) : u.src(2);
  default:
    return nullptr;
  }
}

} // namespace uops
