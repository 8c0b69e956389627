// Add: identities, reassociation of constants, like terms, canonical sums.
#include "core/symbolic/symbolic.h"

#include "core/ir/build.h"
#include "core/symbolic/linear_form.h"
#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

UOpPtr add(const UOpPtr& a, const UOpPtr& b) {
  return UOp::make(Op::Add, a->dtype(), {a, b});
}
UOpPtr mulConst(const UOpPtr& x, Int128 c) {
  return UOp::make(Op::Mul, x->dtype(), {x, intConst(x->dtype(), c)});
}

bool intOrFloat(const DType& d) {
  return isScalarIntDType(d) || (d.isFloat() && d.count == 1);
}

// An integer sum in canonical form: terms sorted by structure, like terms
// merged, constant last (see linear_form.h). Ring identities: exact even
// where the arithmetic wraps.
UOpPtr foldSum(const Match& m) {
  const UOpPtr& root = m.root();
  auto form = linearize(root);
  if (!form || isCanonical(*root, *form)) return nullptr;
  // Bottom-up, the left source is usually a canonical sum the new one extends.
  return buildLinear(*form, &root->src(0));
}

} // namespace

const PatternMatcher& pmSymbolicAdd() {
  static const PatternMatcher pm{
      // x+0 -> x (for floats it differs only in the sign of a zero result)
      rule("x+0", UPat::var("x") + 0, [](const Match& m) { return m["x"]; }),
      // (x+c1)+c2 -> x+(c1+c2)
      rule("(x+c1)+c2", (ivar("x") + icvar("c1")) + icvar("c2"),
           [](const Match& m) {
             return add(m["x"], intConst(m["x"]->dtype(), cval(m, "c1") + cval(m, "c2")));
           }),
      // x+x -> x*2 (exact for floats too)
      rule("x+x", UPat::var("x").dtypeIf(intOrFloat) + UPat::var("x"),
           [](const Match& m) {
             return UOp::make(Op::Mul, m["x"]->dtype(), {m["x"], constLikeInt(m["x"], 2)});
           }),
      // x*c1+x*c2 -> x*(c1+c2)
      rule("x*c1+x*c2", ivar("x") * icvar("c1") + UPat::var("x") * icvar("c2"),
           [](const Match& m) { return mulConst(m["x"], cval(m, "c1") + cval(m, "c2")); }),
      // x*c+x -> x*(c+1)
      rule("x*c+x", ivar("x") * icvar("c") + UPat::var("x"),
           [](const Match& m) { return mulConst(m["x"], cval(m, "c") + 1); }),
      // c1*t1 + c2*t2 + ... + k, sorted, like terms merged
      rule("fold sum", UPat::op(Op::Add).dtypeIf(isScalarIntDType), foldSum),
  };
  return pm;
}

} // namespace uops
