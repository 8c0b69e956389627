// Mul: identities and constants moved outward.
#include "core/symbolic/symbolic.h"

#include "core/ir/build.h"
#include "core/symbolic/float_round.h"
#include "core/symbolic/symbolic_util.h"

#include <cmath>

namespace uops {
namespace {
using namespace sym;

UOpPtr mul(const UOpPtr& a, const UOpPtr& b) {
  return UOp::make(Op::Mul, a->dtype(), {a, b});
}

bool isScalarFloat32Or64(const DType& d) {
  return d.count == 1 && !d.isPtr && (d.scalar == ScalarType::Float32 || d.scalar == ScalarType::Float64);
}
// A float constant's value in its dtype (its arg may carry more precision).
double floatValue(const Match& m, std::string_view name) {
  const UOp& c = *m[name];
  const double v = std::visit([](auto x) { return static_cast<double>(x); }, *c.constValue());
  return roundToFloat(c.dtype(), v);
}

// (x*c1)*c2 rounds as x*(c1*c2) for every x where c1 or c2 is -1 (negation is exact
// and rounding symmetric), or where c1 = +-2^k, k >= 1, and |c2| >= 1: x*c1 is exact
// or infinite, and where it is infinite |x*c1*c2| overflows too. c1*c2 is finite.
UOpPtr foldFloatConstants(const Match& m) {
  const double c1 = floatValue(m, "c1"), c2 = floatValue(m, "c2");
  int exponent = 0;
  const bool powerOfTwo = std::abs(std::frexp(c1, &exponent)) == 0.5 && exponent >= 2;
  if (c1 != -1 && c2 != -1 && !(powerOfTwo && std::abs(c2) >= 1)) return nullptr;
  const DType d = m["x"]->dtype();
  const double product = roundToFloat(d, c1 * c2);
  if (!std::isfinite(product) || product != c1 * c2) return nullptr;
  return keepShape(*m.root(), mul(m["x"], constant(d, product)));
}

} // namespace

const PatternMatcher& pmSymbolicMul() {
  static const PatternMatcher pm{
      // x*1 -> x (exact for floats too)
      rule("x*1", UPat::var("x") * 1, [](const Match& m) { return keepShape(*m.root(), m["x"]); }),
      // x*0 -> 0 (integers only: for floats inf*0 and nan*0 are nan)
      rule("x*0", ivar("x") * 0, [](const Match& m) { return constFor(*m.root(), 0); }),
      // (x*c1)*c2 -> x*(c1*c2) (associative in the wrapping ring)
      rule("(x*c1)*c2", (ivar("x") * icvar("c1")) * icvar("c2"),
           [](const Match& m) {
             return mul(m["x"], intConst(m["x"]->dtype(), cval(m, "c1") * cval(m, "c2")));
           }),
      // (x*c1)*c2 -> x*(c1*c2) for float32/64 where both round alike (foldFloatConstants)
      rule("(x*c1)*c2 float",
           (UPat::var("x").dtypeIf(isScalarFloat32Or64) * UPat::cvar("c1").dtypeIf(isScalarFloat32Or64)) *
               UPat::cvar("c2").dtypeIf(isScalarFloat32Or64),
           foldFloatConstants),
      // (x*c)*y -> (x*y)*c: constants outward, where they meet and fold
      rule("(x*c)*y", (ivar("x") * icvar("c")) * ivar("y").filter(notConst),
           [](const Match& m) { return mul(mul(m["x"], m["y"]), m["c"]); }),
  };
  return pm;
}

} // namespace uops
