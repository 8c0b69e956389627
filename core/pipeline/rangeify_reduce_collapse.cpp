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
//
// A gather (x[idx] with a tensor index, an embedding lookup) arrives as a sum
// over the rows r of where(arange(r) == i, x[r], 0): one row is selected. When
// the arange's expression equals r + c at every r (tried point by point: a
// cumsum-built arange is a tangle of mods, divisions and wheres) and i does
// not depend on r, the sum is x at r = i - c, read where 0 <= i - c < n, else
// 0: a load instead of a loop over every row (4096 lookups in a 32000 x 512
// table on 2 Zen 5 cores: 1085 ms -> 0.05 ms).
#include "core/pipeline/bounds_enumerate.h"
#include "core/pipeline/rangeify_index.h"
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/symbolic/int_value.h"
#include "core/symbolic/linear_form.h"

#include <cmath>
#include <cstdlib>
#include <optional>

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

// Whether c is a constant zero of its dtype (0.0 for floats).
bool isZeroConst(const UOp& c) {
  auto v = c.constValue();
  return v && (std::holds_alternative<double>(*v) ? std::get<double>(*v) == 0.0
                                                  : isIntConst(c, c.dtype(), 0));
}

// x where cond is CmpNe(x, True), the spec's spelling of not x; else null.
UOpPtr negatedOf(const UOpPtr& cond) {
  const bool negation = cond->op() == Op::CmpNe && cond->src(1)->op() == Op::Const &&
                        cond->src(1)->dtype().isBool() &&
                        isIntConst(*cond->src(1), cond->src(1)->dtype(), 1);
  return negation ? cond->src(0) : nullptr;
}

// A sum over one Range of constant bound: the range, its bound, the summed value.
struct CountedSum {
  UOpPtr range;
  int64_t n = 0;
  UOpPtr value;
};

std::optional<CountedSum> countedSum(const UOpPtr& red) {
  if (red->argAs<ReduceArg>().op != Op::Add || red->src().size() != 2) return std::nullopt;
  const UOpPtr& r = red->src(1);
  if (r->op() != Op::Range) return std::nullopt;
  auto bound = r->src(0)->constValue();
  if (!bound || !std::holds_alternative<int64_t>(*bound)) return std::nullopt;
  return CountedSum{r, std::get<int64_t>(*bound), red->src(0)};
}

UOpPtr collapseCount(const Match& m) {
  const UOpPtr& red = m.root();
  const std::optional<CountedSum> sum = countedSum(red);
  if (!sum) return nullptr;
  const UOpPtr& r = sum->range;
  const int64_t n = sum->n;
  const UOpPtr& v = sum->value;
  DType d = red->dtype();
  if (v->op() != Op::Where || d.isBool()) return nullptr;
  if (!isZeroConst(*v->src(2))) return nullptr;
  UOpPtr cond = v->src(0), a = v->src(1);
  if (!exactCount(a, d, n) || dependsOn(a, r.get())) return nullptr;
  const UOpPtr inner = negatedOf(cond);
  const bool negated = inner != nullptr;
  if (negated) cond = inner;
  if (cond->op() != Op::CmpLt || cond->src(0)->dtype() != dtypes::index) return nullptr;
  UOpPtr count = countBelow(cond->src(0), cond->src(1), r.get(), n);
  if (!count) return nullptr;
  if (negated) count = constIndex(n) - count;
  return cast(count, d) * a;
}

// The most rows whose arange is tried point by point
constexpr int64_t kGatherRowsLimit = int64_t{1} << 22;

// x == y spelled as CmpNe(CmpNe(x, y), True): its two sides
std::optional<std::pair<UOpPtr, UOpPtr>> equality(const UOpPtr& cond) {
  const UOpPtr notEqual = negatedOf(cond);
  if (!notEqual || notEqual->op() != Op::CmpNe) return std::nullopt;
  return std::make_pair(notEqual->src(0), notEqual->src(1));
}

UOpPtr collapseGather(const Match& m) {
  const std::optional<CountedSum> sum = countedSum(m.root());
  if (!sum) return nullptr;
  const UOpPtr& r = sum->range;
  const int64_t n = sum->n;
  const UOpPtr& v = sum->value;
  if (n < 2 || n > kGatherRowsLimit || v->op() != Op::Where || !isZeroConst(*v->src(2)))
    return nullptr;
  const UOpPtr& zero = v->src(2);
  const std::optional<std::pair<UOpPtr, UOpPtr>> eq = equality(v->src(0));
  const UOpPtr& x = v->src(1);
  if (!eq || !dependsOn(x, r.get())) return nullptr;
  auto [arange, i] = *eq;
  if (dependsOn(i, r.get())) std::swap(arange, i);
  if (dependsOn(i, r.get()) || !dependsOn(arange, r.get()) || !i->dtype().isInt() ||
      i->dtype().count != 1)
    return nullptr;
  // arange(r) == r + c at every r
  const std::optional<std::vector<int64_t>> values = valuesAlong(arange, *r, n);
  if (!values || static_cast<int64_t>(values->size()) != n) return nullptr;
  const int64_t c = values->front();
  for (int64_t k = 0; k < n; ++k)
    if ((*values)[static_cast<size_t>(k)] != k + c) return nullptr;
  // the row: i - c, read only where it is one
  UOpPtr row = i->dtype() == dtypes::index ? i : cast(i, dtypes::index);
  if (c != 0) row = row + constIndex(-c);
  const UOpPtr valid =
      ne(lt(row, constIndex(0)), constant(dtypes::bool_, true)) & lt(row, constIndex(n));
  NodeSubst atRow{{r.get(), row}};
  UOpPtr picked = substitute(x, atRow, WalkScope::OutsideBuffers);
  // its loads gated, so a row outside reads nothing
  NodeSubst gated;
  for (const UOp* u : toposortIn(*picked, WalkScope::OutsideBuffers))
    if (u->op() == Op::Load && u->src().size() == 1 && u->src(0)->op() == Op::Index &&
        dependsOn(u->src(0), row.get()))
      gated.emplace(
          u, UOp::make(Op::Load, u->dtype(), {u->src(0), zeroOf(u->dtype()), valid}, u->arg()));
  if (!gated.empty()) picked = substitute(picked, gated, WalkScope::OutsideBuffers);
  return where(valid, picked, zero);
}

} // namespace

const PatternMatcher& pmReduceCollapse() {
  static const PatternMatcher pm{
      // sum over r of where(x < k, a, 0), x linear in r -> a * (number of r with x < k)
      rule("reduce collapse count", UPat::op(Op::Reduce), collapseCount),
      // sum over r of where(arange(r) == i, x(r), 0) -> x(i) where i is a row
      rule("reduce collapse gather", UPat::op(Op::Reduce), collapseGather),
  };
  return pm;
}

} // namespace uops
