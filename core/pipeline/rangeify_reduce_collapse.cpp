// Counting reductions in closed form (tinygrad's reduce_collapse for arange).
//
// A sum over one range r of where(cond, a, 0), with a independent of r and
// cond a comparison x < k (or its negation) whose sides are linear in r, is a
// times the number of r in [0, n) where cond holds:
//   x < k  with  x = s*r + rest  <=>  s*r < t,  t = k - rest
//   s > 0:  r < ceil(t/s)          count = clamp(ceil(max(t, 0) / s), 0, n)
//   s < 0:  r >= ceil((1-t)/|s|)   count = n - clamp(ceil(max(1 - t, 0) / |s|), 0, n)
// (ceil of a non-negative quotient as (v + q - 1) // q).
// Cumsum-built aranges and the counters of Tensor.rand are such sums: a loop
// per element becomes a few integer ops. The count is exact, so the result is
// for integers; for floats only where every partial sum of a is an exact
// integer (a an integral constant, n*|a| within the mantissa).
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/symbolic/int_value.h"
#include "core/symbolic/linear_form.h"

#include <cmath>
#include <cstdlib>

namespace uops {
namespace {

bool dependsOn(const UOpPtr& v, const UOp* r) {
  for (const UOp* u : toposortIn(*v, WalkScope::OutsideBuffers))
    if (u == r) return true;
  return false;
}

// Whether a sum of `n` copies of `a` in dtype d is exactly count * a.
bool exactCount(const UOpPtr& a, DType d, int64_t n) {
  if (d.count != 1 || d.isPtr) return false;
  if (d.isInt()) return true; // wraps alike
  if (d != dtypes::float32 && d != dtypes::float64) return false;
  auto v = a->constValue();
  if (!v || !std::holds_alternative<double>(*v)) return false;
  double x = std::get<double>(*v);
  double limit = d == dtypes::float32 ? 16777216.0 : 9007199254740992.0;
  return x == std::trunc(x) && std::fabs(x) * static_cast<double>(n) <= limit;
}

// The number of r in [0, n) with r < ceil(v / q), q > 0, in index arithmetic.
UOpPtr countBelowCeil(const UOpPtr& v, int64_t q, int64_t n) {
  UOpPtr low = maximum(v, constIndex(0));
  if (q != 1) low = (low + constIndex(q - 1)) / constIndex(q);
  return where(lt(low, constIndex(n)), low, constIndex(n));
}

// The number of r in [0, n) with x < k, or null when x - k is not a multiple
// of r plus terms without r.
UOpPtr countBelow(const UOpPtr& x, const UOpPtr& k, const UOp* r, int64_t n) {
  auto form = linearize(x);
  if (!form || dependsOn(k, r)) return nullptr;
  Int128 s = 0;
  LinearForm rest{form->dtype, {}, form->constant};
  for (const LinearTerm& term : form->terms) {
    if (term.node.get() == r) s = term.coef;
    else if (dependsOn(term.node, r)) return nullptr;
    else rest.terms.push_back(term);
  }
  if (s == 0 || s > (Int128{1} << 40) || s < -(Int128{1} << 40)) return nullptr;
  UOpPtr t = k - buildLinear(rest);
  if (s > 0) return countBelowCeil(t, static_cast<int64_t>(s), n);
  return constIndex(n) - countBelowCeil(constIndex(1) - t, static_cast<int64_t>(-s), n);
}

UOpPtr collapseCount(const Match& m) {
  const UOpPtr& red = m.root();
  if (red->argAs<ReduceArg>().op != Op::Add || red->src().size() != 2) return nullptr;
  const UOpPtr& r = red->src(1);
  if (r->op() != Op::Range) return nullptr;
  auto bound = r->src(0)->constValue();
  if (!bound || !std::holds_alternative<int64_t>(*bound)) return nullptr;
  int64_t n = std::get<int64_t>(*bound);
  const UOpPtr& v = red->src(0);
  DType d = red->dtype();
  if (v->op() != Op::Where || d.isBool()) return nullptr;
  auto zero = v->src(2)->constValue();
  if (!zero || (std::holds_alternative<double>(*zero) ? std::get<double>(*zero) != 0.0
                                                      : !isIntConst(*v->src(2), d, 0)))
    return nullptr;
  UOpPtr cond = v->src(0), a = v->src(1);
  if (!exactCount(a, d, n) || dependsOn(a, r.get())) return nullptr;
  bool negated = false;
  if (cond->op() == Op::CmpNe && cond->src(1)->op() == Op::Const &&
      cond->src(1)->dtype().isBool() && isIntConst(*cond->src(1), cond->src(1)->dtype(), 1)) {
    negated = true;
    cond = cond->src(0);
  }
  if (cond->op() != Op::CmpLt || cond->src(0)->dtype() != dtypes::index) return nullptr;
  UOpPtr count = countBelow(cond->src(0), cond->src(1), r.get(), n);
  if (!count) return nullptr;
  if (negated) count = constIndex(n) - count;
  return cast(count, d) * a;
}

} // namespace

const PatternMatcher& pmReduceCollapse() {
  static const PatternMatcher pm{
      // sum over r of where(x < k, a, 0), x linear in r -> a * (number of r with x < k)
      rule("reduce collapse count", UPat::op(Op::Reduce), collapseCount),
  };
  return pm;
}

} // namespace uops
