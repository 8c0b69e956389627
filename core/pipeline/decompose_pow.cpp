#include "core/pipeline/decompose_pow.h"

#include "core/ir/build.h"

#include <cmath>
#include <limits>
#include <variant>

namespace uops {
namespace {

double constOf(const ConstValue& c) {
  return std::visit([](auto v) { return static_cast<double>(v); }, c);
}

UOpPtr negate(const UOpPtr& x) {
  return alu(Op::Mul, {x, constLike(x, -1.0)});
}

// b^n for n >= 1 by squaring
UOpPtr powInt(const UOpPtr& b, int64_t n) {
  if (n == 1) return b;
  UOpPtr half = powInt(b, n / 2);
  UOpPtr r = alu(Op::Mul, {half, half});
  return n % 2 ? alu(Op::Mul, {r, b}) : r;
}

UOpPtr powGeneral(const UOpPtr& b, const UOpPtr& e) {
  UOpPtr negBase = lt(b, constLike(b, 0.0));
  UOpPtr ret = alu(Op::Exp2, {alu(Op::Mul, {alu(Op::Log2, {where(negBase, negate(b), b)}), e})});
  UOpPtr nonInt = ne(e, cast(cast(e, dtypes::int32), e->dtype()));
  UOpPtr absE = where(lt(e, constLike(e, 0.0)), negate(e), e);
  UOpPtr odd = cast(alu(Op::Mod, {cast(absE, dtypes::int32), constant(dtypes::int32, int64_t{2})}), dtypes::bool_);
  UOpPtr nan = constLike(ret, std::numeric_limits<double>::quiet_NaN());
  UOpPtr notMinusInf = ne(b, constLike(b, -std::numeric_limits<double>::infinity()));
  UOpPtr withNeg = where(nonInt, where(notMinusInf, nan, ret), where(odd, negate(ret), ret));
  return where(ne(e, constLike(e, 0.0)), where(negBase, withNeg, ret), constLike(ret, 1.0));
}

UOpPtr powConst(const UOpPtr& b, const UOpPtr& e, double c) {
  if (std::isnan(c)) return powGeneral(b, e);
  if (c < 0) return powConst(alu(Op::Recip, {b}), constLike(e, -c), -c);
  if (c == 0) return constLike(b, 1.0);
  const bool small = c < 2147483647.0;
  if (small && std::trunc(c - 0.5) + 0.5 == c) {
    UOpPtr root = alu(Op::Sqrt, {b});
    return c == 0.5 ? root : alu(Op::Mul, {powInt(b, static_cast<int64_t>(c - 0.5)), root});
  }
  if (small && std::trunc(c) == c) return powInt(b, static_cast<int64_t>(c));
  return powGeneral(b, e);
}

} // namespace

UOpPtr decomposePow(const UOpPtr& base, const UOpPtr& exponent) {
  if (std::optional<ConstValue> b = base->constValue(); b && constOf(*b) == 1) return constLike(base, 1.0);
  if (std::optional<ConstValue> c = exponent->constValue())
    return powConst(base, exponent, constOf(*c));
  return powGeneral(base, exponent);
}

} // namespace uops
