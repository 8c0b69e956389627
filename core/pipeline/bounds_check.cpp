#include "core/pipeline/bounds_check.h"

#include "core/ir/buffer_access.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/pipeline/bounds_enumerate.h"
#include "core/pipeline/bounds_linear.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/symbolic/render_expr.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

// An integer interval a gate implies for one node.
struct Narrowing {
  UOpPtr node;
  __int128 lo, hi;
};

void narrow(std::vector<Narrowing>& out, const UOpPtr& x, __int128 lo, __int128 hi) {
  if (x->minMax().isFloat || !x->dtype().isInt()) return;
  for (Narrowing& n : out)
    if (n.node == x) {
      n.lo = std::max(n.lo, lo);
      n.hi = std::min(n.hi, hi);
      return;
    }
  out.push_back({x, std::max(x->minMax().lo, lo), std::min(x->minMax().hi, hi)});
}

std::optional<__int128> intConst(const UOp& u) {
  if (u.op() != Op::Const || u.minMax().isFloat || !u.dtype().isInt()) return std::nullopt;
  return u.minMax().lo;
}

// What one comparison of the gate says: x < c, c < x, !(x < c), !(c < x), x != end.
void atom(std::vector<Narrowing>& out, const UOpPtr& g) {
  bool negated = false;
  UOpPtr cmp = g;
  if (isNegatedLess(*g)) {
    negated = true;
    cmp = g->src(0);
  }
  if (cmp->op() == Op::CmpLt) {
    const UOpPtr &a = cmp->src(0), &b = cmp->src(1);
    if (auto c = intConst(*b)) // a < c, or a >= c when negated
      return negated ? narrow(out, a, *c, a->minMax().hi) : narrow(out, a, a->minMax().lo, *c - 1);
    if (auto c = intConst(*a)) // c < b, or b <= c when negated
      return negated ? narrow(out, b, b->minMax().lo, *c) : narrow(out, b, *c + 1, b->minMax().hi);
    return;
  }
  if (cmp->op() == Op::CmpNe && !negated)
    if (auto c = intConst(*cmp->src(1))) {
      const UOpPtr& x = cmp->src(0);
      if (*c == x->minMax().lo) narrow(out, x, *c + 1, x->minMax().hi);
      if (*c == x->minMax().hi) narrow(out, x, x->minMax().lo, *c - 1);
    }
}

std::vector<Narrowing> gateNarrowings(const UOpPtr& gate) {
  std::vector<Narrowing> out;
  std::vector<UOpPtr> stack{gate};
  while (!stack.empty()) {
    UOpPtr g = stack.back();
    stack.pop_back();
    if (g->op() == Op::And && g->dtype().isBool()) {
      stack.push_back(g->src(1));
      stack.push_back(g->src(0));
      continue;
    }
    atom(out, g);
  }
  return out;
}

// The interval of idx where the gate holds: each narrowed node is replaced by a
// fresh Range shifted to its narrowed interval, and min_max does the rest.
// nullopt: the gate never holds.
std::optional<MinMax> rangeUnderGate(const UOpPtr& idx, const UOpPtr& gate) {
  std::vector<Narrowing> narrowings = gateNarrowings(gate);
  std::vector<RewritePair> pairs;
  int64_t fresh = -1;
  for (const Narrowing& n : narrowings) {
    if (n.lo > n.hi) return std::nullopt;
    DType d = n.node->dtype();
    UOpPtr r = UOp::make(Op::Range, d, {constant(d, static_cast<int64_t>(n.hi - n.lo + 1))},
                         RangeArg{fresh--, AxisType::Loop});
    pairs.push_back({n.node, alu(Op::Add, {r, constant(d, static_cast<int64_t>(n.lo))})});
  }
  if (pairs.empty()) return idx->minMax();
  return replayRewrites(idx, pairs, false)->minMax();
}

const UOp* paramOf(const UOp& index) {
  const UOp& b = addressedBuffer(index);
  return b.op() == Op::Param ? &b : nullptr;
}

// One Load or Store of a Param buffer: its index, gate (null: none) and the
// buffer's size.
struct Access {
  const UOp* param = nullptr;
  UOpPtr idx, gate;
  int64_t size = 0;
};

std::optional<Access> accessOf(const UOp& u) {
  if (u.op() != Op::Load && u.op() != Op::Store) return std::nullopt;
  const UOp& index = *u.src(0);
  if (index.op() != Op::Index || index.src().size() != 2) return std::nullopt;
  const UOp* param = paramOf(index);
  if (!param) return std::nullopt; // REG accumulators are made in bounds by Linearize
  bool gated = u.src().size() == 3;
  return Access{param, index.src(1), gated ? u.src(2) : nullptr, paramElements(*param)};
}

bool provenInBounds(const Access& a) {
  const MinMax whole = a.idx->minMax();
  if (a.gate ? provenUnderGate(a.idx, a.gate, 0, a.size - 1)
             : !whole.isFloat && whole.lo >= 0 && whole.hi < a.size)
    return true;
  // intervals are not enough: try every point when there are few
  if (provenByEnumeration(a.idx, a.gate, a.size)) return true;
  // too many points: bound each term of the index by its own points (the
  // gate, if any, only narrows what this proves)
  auto terms = termwiseRange(a.idx);
  return terms && terms->lo >= 0 && terms->hi < a.size;
}

} // namespace

std::vector<BoundsViolation> findUnsafeAccesses(const UOpPtr& kernel) {
  std::vector<BoundsViolation> out;
  for (const UOp* u : nodesWithOps(*kernel, opBit(Op::Load) | opBit(Op::Store))) {
    std::optional<Access> a = accessOf(*u);
    if (!a || provenInBounds(*a)) continue;
    const UOpPtr &idx = a->idx, &gate = a->gate;
    const UOp* param = a->param;
    bool gated = gate != nullptr;
    int64_t size = a->size;
    const MinMax whole = idx->minMax();
    out.push_back({.slot = param->argAs<ParamArg>().slot,
                   .write = u->op() == Op::Store,
                   .index = renderExpr(idx),
                   // a gate that never holds was proven above
                   .range = gated ? *rangeUnderGate(idx, gate) : whole,
                   .size = size});
  }
  return out;
}

bool provenUnderGate(const UOpPtr& x, const UOpPtr& gate, int64_t lo, int64_t hi) {
  std::optional<MinMax> range = rangeUnderGate(x, gate);
  if (!range) return true;
  if (range->isFloat) return false;
  if (range->lo >= lo && range->hi <= hi) return true;
  std::optional<MinMax> linear = linearRangeUnderGate(x, gate);
  return linear && !linear->isFloat && linear->lo >= lo && linear->hi <= hi;
}

std::string describe(const BoundsViolation& v, std::string_view kernelName) {
  return fmt::format("kernel {}: {} Param {} may be out of bounds: index {} lies in {}, the "
                     "buffer has {} elements",
                     kernelName, v.write ? "store to" : "load from", v.slot, v.index,
                     toString(v.range), v.size);
}

BoundsError::BoundsError(std::string kernel, std::vector<BoundsViolation> violations)
    : CodegenError("Bounds check", describe(violations.at(0), kernel)), m_kernel(std::move(kernel)),
      m_violations(std::move(violations)) {}

UOpPtr guardUnprovenAccesses(const UOpPtr& kernel) {
  std::vector<RewritePair> pairs;
  for (const UOp* u : nodesWithOps(*kernel, opBit(Op::Load) | opBit(Op::Store))) {
    std::optional<Access> a = accessOf(*u);
    if (!a || u->dtype().count != 1 || provenInBounds(*a)) continue;
    // a point that is out of bounds for certain is a broken kernel: refused
    if (refutedByEnumeration(a->idx, a->gate, a->size)) continue;
    const UOpPtr& idx = a->idx;
    DType d = idx->dtype();
    UOpPtr inside = alu(Op::And, {ne(lt(idx, constant(d, int64_t{0})), constant(dtypes::bool_, true)),
                                  lt(idx, constant(d, a->size))});
    UOpPtr gate = a->gate ? alu(Op::And, {a->gate, inside}) : inside;
    DType t = u->dtype();
    UOpPtr zero = t.isFloat() ? constant(t, 0.0) : t.isBool() ? constant(t, false) : constant(t, int64_t{0});
    UOpPtr guarded = u->op() == Op::Store ? u->withSrc({u->src(0), u->src(1), gate})
                                          : u->withSrc({u->src(0), a->gate ? u->src(1) : zero, gate});
    pairs.push_back({u->ptr(), guarded});
  }
  return pairs.empty() ? kernel : replayRewrites(kernel, pairs, false);
}

void checkBounds(const UOpPtr& kernel, std::string_view kernelName) {
  std::vector<BoundsViolation> violations = findUnsafeAccesses(kernel);
  if (!violations.empty()) throw BoundsError(std::string(kernelName), std::move(violations));
}

} // namespace uops
