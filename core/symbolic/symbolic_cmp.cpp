// CmpLt and CmpNe: decided by identity, or reduced with exact intervals.
// (Comparisons whose min_max is one value are folded by pmSymbolicFold.)
#include "core/symbolic/symbolic.h"

#include "core/symbolic/linear_form.h"
#include "core/symbolic/symbolic_util.h"

#include <vector>

namespace uops {
namespace {
using namespace sym;

Int128 ceilDiv(Int128 a, Int128 b) { // b > 0
  Int128 q = a / b;
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

UOpPtr lessThan(const LinearForm& lhs, Int128 k) {
  return UOp::make(Op::CmpLt, dtypes::bool_, {buildLinear(lhs), intConst(lhs.dtype, k)});
}

LinearForm scaled(const LinearForm& f, const std::vector<LinearTerm>& terms, Int128 g) {
  LinearForm out{f.dtype, {}, 0};
  for (const LinearTerm& t : terms)
    out.terms.push_back({t.node, t.coef / g});
  return out;
}

// S + k < K -> S < K - k, then g*Q + R < K -> Q < K/g when every term of S but
// those in R has a coefficient divisible by g, R is in [0, g) and g divides K
// (or R is empty: Q < ceil(K/g)). Exact when S + k cannot wrap; the new
// operands are checked to fit the dtype too.
UOpPtr foldLinearLt(const Match& m) {
  auto form = linearize(m["x"]);
  const Int128 k = cval(m, "k");
  if (!form || form->terms.empty() || !fits(form->dtype, exactRange(*form))) return nullptr;
  if (form->constant != 0) {
    Int128 bound = k - form->constant;
    LinearForm s = *form;
    s.constant = 0;
    if (!fitsInt(s.dtype, bound) || !fits(s.dtype, exactRange(s))) return nullptr;
    return lessThan(s, bound);
  }
  for (const LinearTerm& candidate : form->terms) {
    Int128 g = candidate.coef < 0 ? -candidate.coef : candidate.coef;
    if (g <= 1) continue;
    std::vector<LinearTerm> big, small;
    for (const LinearTerm& t : form->terms)
      (t.coef % g == 0 ? big : small).push_back(t);
    LinearForm rest{form->dtype, small, 0};
    Interval rr = exactRange(rest);
    if (small.empty()) return lessThan(scaled(*form, big, g), ceilDiv(k, g));
    if (rr.lo >= 0 && rr.hi < g && k % g == 0) return lessThan(scaled(*form, big, g), k / g);
  }
  return nullptr;
}

} // namespace

const PatternMatcher& pmSymbolicCmp() {
  static const PatternMatcher pm{
      // x<x -> False (integers: a float NaN is not less than itself either, but stays)
      rule("x<x", ivar("x").lt(UPat::var("x")),
           [](const Match& m) { return constFor(*m.root(), 0); }),
      // x!=x -> False (integers; NaN != NaN for floats)
      rule("x!=x", ivar("x").ne(UPat::var("x")),
           [](const Match& m) { return constFor(*m.root(), 0); }),
      // (x!=True)!=True -> x: not(not(x))
      rule("not not x", UPat::var("x").dtypeIf(isBoolDType).ne(true).ne(true),
           [](const Match& m) { return keepShape(*m.root(), m["x"]); }),
      // c1*t1 + ... + k < K -> smaller comparison (see foldLinearLt)
      rule("lt linear sum", ivar("x").lt(icvar("k")), foldLinearLt),
  };
  return pm;
}

} // namespace uops
