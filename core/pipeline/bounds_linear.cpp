#include "core/pipeline/bounds_linear.h"

#include "core/pipeline/bounds_enumerate.h"
#include "core/symbolic/linear_form.h"

#include <algorithm>
#include <vector>

namespace uops {
namespace {

// Points tried for one term's exact range.
constexpr int64_t kTermEnumerationLimit = 4096;

struct Bound {
  UOpPtr expr;     // L
  Int128 lo, hi;   // lo <= L <= hi where the gate holds
};

std::optional<Int128> constOf(const UOp& u) {
  if (u.op() != Op::Const || u.minMax().isFloat || !u.dtype().isInt()) return std::nullopt;
  return static_cast<Int128>(u.minMax().lo);
}


void addBound(std::vector<Bound>& out, const UOpPtr& l, Int128 lo, Int128 hi) {
  for (Bound& b : out)
    if (b.expr == l) {
      b.lo = std::max(b.lo, lo);
      b.hi = std::min(b.hi, hi);
      return;
    }
  out.push_back({l, std::max<Int128>(lo, l->minMax().lo), std::min<Int128>(hi, l->minMax().hi)});
}

// The bounds each conjunct of the gate puts on an integer expression.
std::vector<Bound> gateBounds(const UOpPtr& gate) {
  std::vector<Bound> out;
  std::vector<UOpPtr> stack{gate};
  while (!stack.empty()) {
    UOpPtr g = stack.back();
    stack.pop_back();
    if (g->op() == Op::And && g->dtype().isBool()) {
      stack.push_back(g->src(0));
      stack.push_back(g->src(1));
      continue;
    }
    bool negated = isNegatedLess(*g);
    const UOpPtr& cmp = negated ? g->src(0) : g;
    if (cmp->op() != Op::CmpLt || !cmp->src(0)->dtype().isInt() || cmp->src(0)->minMax().isFloat) continue;
    const UOpPtr &a = cmp->src(0), &b = cmp->src(1);
    if (auto c = constOf(*b)) { // a < c, or a >= c negated
      if (negated) addBound(out, a, *c, a->minMax().hi);
      else addBound(out, a, a->minMax().lo, *c - 1);
    } else if (auto k = constOf(*a)) { // k < b, or b <= k negated
      if (negated) addBound(out, b, b->minMax().lo, *k);
      else addBound(out, b, *k + 1, b->minMax().hi);
    }
  }
  return out;
}

// Takes lambda*L out of `form` when every term of L is in it with lambda times
// L's coefficient; adds lambda*[lo, hi] to [lo, hi]. False when L does not fit.
bool takeOut(LinearForm& form, const Bound& b, Int128& lo, Int128& hi) {
  auto l = linearize(b.expr);
  if (!l || l->terms.empty()) return false;
  auto find = [&](const UOpPtr& node) {
    return std::find_if(form.terms.begin(), form.terms.end(), [&](const LinearTerm& t) { return t.node == node; });
  };
  auto first = find(l->terms.front().node);
  if (first == form.terms.end() || first->coef % l->terms.front().coef != 0) return false;
  Int128 lambda = first->coef / l->terms.front().coef;
  if (lambda <= 0) return false;
  for (const LinearTerm& t : l->terms) {
    auto it = find(t.node);
    if (it == form.terms.end() || it->coef != lambda * t.coef) return false;
  }
  for (const LinearTerm& t : l->terms) form.terms.erase(find(t.node));
  // L = sum + k, so the sum lies in [lo - k, hi - k]
  lo = satAdd(lo, satMul(lambda, b.lo - l->constant));
  hi = satAdd(hi, satMul(lambda, b.hi - l->constant));
  return true;
}

// The form's constant plus each term by its exact range where few points
// decide it (a transposed convolution's (e) % 4 has min_max [-3, 3], though
// e >= 0), by min_max otherwise. Sound: each term lies in its own interval
// wherever the others are.
std::optional<std::pair<Int128, Int128>> termwiseInterval(const LinearForm& form) {
  Int128 lo = form.constant, hi = form.constant;
  for (const LinearTerm& t : form.terms) {
    MinMax r = enumeratedRange(t.node, kTermEnumerationLimit).value_or(t.node->minMax());
    if (r.isFloat) return std::nullopt;
    Int128 a = satMul(t.coef, static_cast<Int128>(r.lo)), b = satMul(t.coef, static_cast<Int128>(r.hi));
    lo = satAdd(lo, std::min(a, b));
    hi = satAdd(hi, std::max(a, b));
  }
  return std::make_pair(lo, hi);
}

std::optional<std::pair<Int128, Int128>> linearInterval(const UOpPtr& e, const std::vector<Bound>& bounds) {
  auto form = linearize(e);
  if (!form) return std::nullopt;
  Int128 lo = 0, hi = 0;
  bool used = false;
  for (const Bound& b : bounds)
    if (b.lo <= b.hi) used = takeOut(*form, b, lo, hi) || used;
  if (!used) return std::nullopt;
  auto rest = termwiseInterval(*form);
  if (!rest) return std::nullopt;
  return std::make_pair(satAdd(lo, rest->first), satAdd(hi, rest->second));
}

} // namespace

std::optional<MinMax> linearRangeUnderGate(const UOpPtr& idx, const UOpPtr& gate) {
  if (!gate || !idx->dtype().isInt()) return std::nullopt;
  std::vector<Bound> bounds = gateBounds(gate);
  if (bounds.empty()) return std::nullopt;
  // e % c is e where 0 <= e < c
  if (idx->op() == Op::Mod)
    if (auto c = constOf(*idx->src(1)); c && *c > 0)
      if (auto e = linearInterval(idx->src(0), bounds); e && e->first >= 0 && e->second < *c)
        return MinMax::ints(e->first, e->second);
  if (auto e = linearInterval(idx, bounds)) return MinMax::ints(e->first, e->second);
  return std::nullopt;
}

std::optional<MinMax> termwiseRange(const UOpPtr& idx) {
  if (!idx->dtype().isInt()) return std::nullopt;
  auto form = linearize(idx);
  if (!form) return std::nullopt;
  auto range = termwiseInterval(*form);
  if (!range) return std::nullopt;
  return MinMax::ints(range->first, range->second);
}

bool isNegatedLess(const UOp& g) {
  if (g.op() != Op::CmpNe || g.src(0)->op() != Op::CmpLt) return false;
  const UOp& rhs = *g.src(1);
  return rhs.op() == Op::Const && !rhs.minMax().isFloat && rhs.minMax().lo == 1;
}

} // namespace uops
