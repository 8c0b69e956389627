// Mul: identities and constants moved outward.
#include "core/symbolic/symbolic.h"

#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

UOpPtr mul(const UOpPtr& a, const UOpPtr& b) {
  return UOp::make(Op::Mul, a->dtype(), {a, b});
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
      // (x*c)*y -> (x*y)*c: constants outward, where they meet and fold
      rule("(x*c)*y", (ivar("x") * icvar("c")) * ivar("y").filter(notConst),
           [](const Match& m) { return mul(mul(m["x"], m["y"]), m["c"]); }),
  };
  return pm;
}

} // namespace uops
