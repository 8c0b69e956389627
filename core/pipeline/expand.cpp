#include "core/pipeline/expand.h"

#include "core/ir/build.h"
#include "core/ir/reaches.h"
#include "core/ir/wmma_tile.h"
#include "core/render/codegen_error.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/optimize.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/substitute_step.h"
#include "core/symbolic/symbolic.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

// x[r = 0], ..., x[r = k-1]: one walk finds the nodes r reaches, and each
// copy rebuilds only those, in the order substitute would (so the same nodes
// are made in the same order).
UOpList copies(const UOpPtr& x, const UOpPtr& r, int64_t k) {
  const std::vector<const UOp*> order = toposort(*x);
  NodeMap<uint32_t> position(order.size());
  std::vector<char> above(order.size(), 0); // r itself or a node r reaches
  std::vector<uint32_t> rebuilt;            // their positions, sources first
  for (size_t p = 0; p < order.size(); ++p) {
    const UOp* n = order[p];
    position[n] = static_cast<uint32_t>(p);
    bool reached = n == r.get();
    for (size_t i = 0; i < n->src().size() && !reached; ++i)
      reached = above[*position.find(n->src(i).get())];
    above[p] = reached;
    if (reached) rebuilt.push_back(static_cast<uint32_t>(p));
  }
  UOpList out;
  std::vector<UOpPtr> done(order.size());
  for (int64_t j = 0; j < k; ++j) {
    UOpPtr value = constant(dtypes::index, j);
    for (uint32_t p : rebuilt) {
      const UOp* n = order[p];
      if (n == r.get()) {
        done[p] = value;
        continue;
      }
      UOpList src = n->src();
      for (UOpPtr& s : src)
        if (uint32_t at = *position.find(s.get()); above[at]) s = done[at];
      done[p] = n->withSrc(std::move(src));
    }
    out.push_back(above.back() ? done.back() : x);
  }
  return out;
}

// a op b op ..., the reduction's law on bools (Add and Max are Or, Mul is And).
// A float sum or product rounds at each step: left to right, as the evaluator
// adds. Every other law is exact in any order (a max, integers modulo their
// width, bools), and its values combine as a tree: value i with value i + n/2,
// then the halves again, log2(n) steps deep instead of n - 1 (a row's 64
// maxima after its loop waited on 63 maxes in turn), each step's pairs the
// lanes of whole vectors.
UOpPtr combineAll(Op op, const UOpList& values) {
  if (values.front()->dtype().isBool()) op = op == Op::Mul ? Op::And : Op::Or;
  if (values.front()->dtype().isFloat() && op != Op::Max) {
    UOpPtr acc = values.front();
    for (size_t i = 1; i < values.size(); ++i)
      acc = alu(op, {acc, values[i]});
    return acc;
  }
  UOpList level = values;
  while (level.size() > 1) {
    const size_t half = level.size() / 2;
    UOpList next;
    for (size_t i = 0; i < half; ++i)
      next.push_back(alu(op, {level[i], level[i + half]}));
    if (level.size() % 2) next.push_back(level.back());
    level = std::move(next);
  }
  return level.front();
}

// GROUP_REDUCE reductions share their work-items' partial values through local
// memory; one reduction there is cheaper than k.
bool anyGroupReduce(const UOpList& ranges) {
  return std::any_of(ranges.begin(), ranges.end(), [](const UOpPtr& r) {
    return r->argAs<RangeArg>().type == AxisType::GroupReduce;
  });
}

int64_t sizeOf(const UOpPtr& r) {
  std::optional<int64_t> bound = constBound(*r);
  if (!bound) throw CodegenError("Expand", fmt::format("range r{} has a symbolic size", r->argAs<RangeArg>().id));
  return *bound;
}

// The End or Reduce that closes `r`, with the copies in place of it.
UOpPtr expandOne(const UOpPtr& ast, const UOpPtr& r) {
  int64_t k = sizeOf(r);
  NodeSubst subst;
  for (const UOp* u : nodesWithOps(*ast, opBit(Op::End) | opBit(Op::Reduce))) {
    UOpList rest;
    bool closes = false;
    for (size_t i = 1; i < u->src().size(); ++i) {
      if (u->src(i) == r) closes = true;
      else rest.push_back(u->src(i));
    }
    if (!closes) continue;
    if (u->op() == Op::Reduce && !rest.empty() && !anyGroupReduce(rest)) {
      // k accumulators, each reducing over the loops left, combined once after them
      UOpList partial = rest;
      partial.insert(partial.begin(), u->src(0));
      subst.emplace(u, combineAll(u->argAs<ReduceArg>().op, copies(u->withSrc(std::move(partial)), r, k)));
      continue;
    }
    UOpList body = copies(u->src(0), r, k);
    UOpPtr expanded;
    if (u->op() == Op::End) {
      expanded = body.size() == 1 ? body.front() : UOp::make(Op::Group, dtypes::void_, body);
    } else {
      expanded = combineAll(u->argAs<ReduceArg>().op, body);
    }
    if (!rest.empty() || u->op() == Op::Reduce) {
      if (rest.empty()) {
        subst.emplace(u, expanded); // nothing left to loop over: the combined value
        continue;
      }
      rest.insert(rest.begin(), expanded);
      expanded = u->withSrc(std::move(rest));
    }
    subst.emplace(u, expanded);
  }
  if (subst.empty())
    throw CodegenError("Expand", fmt::format("range r{} is closed by no End or Reduce", r->argAs<RangeArg>().id));
  return substituteStep(fmt::format("expand r{} into {} copies", r->argAs<RangeArg>().id, k), ast, subst);
}

// A Reduce over (k, ku...) of Wmma(a, b, 0) (TC's mark) -> Reduce over k of
// element (mu, nu) of one Wmma of the whole tile: A = a at every (mu, ku),
// B = b at every (ku, nu), each row-major. mu and nu are the UPCAST ranges only
// a and only b read, ku the UNROLL range; the generic expansion then makes the
// (mu, nu) copies, which all read the one Wmma.
UOpPtr gatherTile(const UOp& red) {
  const UOp& w = *red.src(0);
  const UOpPtr &a = w.src(0), &b = w.src(1);
  const WmmaTile sizes = wmmaTileOf(w);
  const int64_t m = sizes.m, n = sizes.n, k = sizes.k;
  // any ranges of the tile's sizes in those roles will do (later OptOps may
  // have split more axes): the sum over all of them is the same
  const UOp *mu = nullptr, *nu = nullptr, *ku = nullptr;
  for (size_t i = 1; i < red.src().size(); ++i)
    if (red.src(i)->argAs<RangeArg>().type == AxisType::Unroll && sizeOf(red.src(i)) == k) ku = red.src(i).get();
  for (const UOp* u : toposort(w)) {
    if (u->op() != Op::Range || u->argAs<RangeArg>().type != AxisType::Upcast) continue;
    bool inA = reaches(*a, *u), inB = reaches(*b, *u);
    if (inA && !inB && sizeOf(u->ptr()) == m) mu = u;
    if (inB && !inA && sizeOf(u->ptr()) == n) nu = u;
  }
  if (!mu || !nu || !ku)
    throw CodegenError("Expand", fmt::format("a {} Wmma's reduction lost its tile axes (TC makes two UPCAST axes "
                                             "and an UNROLL axis of the tile's sizes)", w.argAs<std::string>()));
  UOpList rest{nullptr};
  for (size_t i = 1; i < red.src().size(); ++i)
    if (red.src(i).get() != ku) rest.push_back(red.src(i));
  auto at = [](const UOpPtr& x, const UOp* r0, int64_t v0, const UOp* r1, int64_t v1) {
    return substitute(x, {{r0, constant(dtypes::index, v0)}, {r1, constant(dtypes::index, v1)}});
  };
  UOpList tileA, tileB, zeros;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t kk = 0; kk < k; ++kk) tileA.push_back(at(a, mu, i, ku, kk));
  for (int64_t kk = 0; kk < k; ++kk)
    for (int64_t j = 0; j < n; ++j) tileB.push_back(at(b, ku, kk, nu, j));
  zeros.assign(static_cast<size_t>(m * n), w.src(2));
  DType d = w.dtype();
  UOpPtr tile = UOp::make(Op::Wmma, d,
                          {UOp::make(Op::Stack, d, std::move(tileA)), UOp::make(Op::Stack, d, std::move(tileB)),
                           UOp::make(Op::Stack, d, std::move(zeros))},
                          w.arg());
  rest[0] = UOp::make(Op::Index, d, {tile, mu->ptr() * n + nu->ptr()});
  return red.withSrc(std::move(rest));
}

UOpPtr gatherTiles(const UOpPtr& ast) {
  NodeSubst subst;
  for (const UOp* u : nodesWithOps(*ast, opBit(Op::Reduce)))
    if (u->src(0)->op() == Op::Wmma && u->src(0)->shape().empty())
      subst.emplace(u, gatherTile(*u));
  return subst.empty() ? ast : substituteStep("gather tensor-core tiles", ast, subst);
}

} // namespace

UOpList expandedRanges(const UOpPtr& ast) {
  UOpList out;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType t = r->argAs<RangeArg>().type;
    if (t == AxisType::Upcast || t == AxisType::Unroll) out.push_back(r);
  }
  return out;
}

UOpPtr expand(const UOpPtr& ast) {
  // TC's tiles first: their UNROLL ranges end inside the Wmma
  UOpPtr sink = gatherTiles(ast);
  UOpList ranges = expandedRanges(sink);
  if (ranges.empty()) return sink;
  // innermost first: an outer copy then duplicates already expanded bodies
  for (auto it = ranges.rbegin(); it != ranges.rend(); ++it)
    sink = expandOne(sink, *it);
  // the copies' index math has constants in place of ranges: fold it
  return graphRewrite(sink, pmSymbolic(), {.name = "expand index math"});
}

} // namespace uops
