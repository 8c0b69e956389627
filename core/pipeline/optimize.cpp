#include "core/pipeline/optimize.h"

#include "core/opt/kernel_ranges.h"
#include "core/ir/graph_walk.h"
#include "core/pipeline/row_cache.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/substitute_step.h"

#include <algorithm>
#include <tuple>
#include <unordered_set>

namespace uops {
namespace {

bool rangeBefore(const UOpPtr& a, const UOpPtr& b) {
  return rangeNestsOutside(*a, *b);
}

// A GPU launches its output ranges as the grid: LOOP -> GLOBAL, except a row
// kernel's in-row loops (codegen_target.h rowKernels), which a reduction is
// computed outside of: as the grid, every element would compute it again.
UOpPtr toGlobal(const Match& m) {
  const RangeArg& arg = m.root()->argAs<RangeArg>();
  if (arg.type != AxisType::Loop) return nullptr;
  const auto* inRow = static_cast<const std::unordered_set<const UOp*>*>(m.context());
  if (inRow && inRow->contains(m.root().get())) return nullptr;
  return m.root()->withArg(RangeArg{arg.id, AxisType::Global});
}

const PatternMatcher& pmGpuAxes() {
  static const PatternMatcher pm{rule("loop -> global", UPat::op(Op::Range), toGlobal)};
  return pm;
}

// The ranges an End closes or a Reduce reduces, listed outermost first:
// Linearize nests them in this order.
UOpPtr sortRangeSources(const Match& m) {
  const UOpPtr& u = m.root();
  UOpList src = u->src();
  bool allRanges =
      std::all_of(src.begin() + 1, src.end(), [](const UOpPtr& s) { return s->op() == Op::Range; });
  if (!allRanges) return nullptr;
  std::stable_sort(src.begin() + 1, src.end(), rangeBefore);
  return u->withSrc(std::move(src));
}

const PatternMatcher& pmOrderRanges() {
  static const PatternMatcher pm{
      rule("order ranges", UPat::ops({Op::End, Op::Reduce}), sortRangeSources)};
  return pm;
}

// The first Reduce (sources first) that closes a range an earlier Reduce or End
// already closes, with that range; nulls when every range is closed once.
std::pair<const UOp*, const UOp*> sharedReduceRange(const UOpPtr& ast) {
  std::unordered_set<const UOp*> closed;
  for (const UOp* u : toposort(*ast)) {
    if (u->op() != Op::Reduce && u->op() != Op::End) continue;
    for (size_t i = 1; i < u->src().size(); ++i) {
      const UOp* r = u->src(i).get();
      if (r->op() != Op::Range) continue;
      if (!closed.insert(r).second && u->op() == Op::Reduce) return {u, r};
    }
  }
  return {nullptr, nullptr};
}

// Each Reduce loops over ranges of its own: a range two reductions share (Rangeify
// reuses one for equal sub-expressions in different places) is copied, with a
// fresh id, into every Reduce after the first, so every range has one loop.
UOpPtr unshareReduceRanges(const UOpPtr& ast) {
  UOpPtr sink = ast;
  int64_t next = 0;
  for (const UOp* u : toposort(*sink))
    if (u->op() == Op::Range) next = std::max(next, u->argAs<RangeArg>().id + 1);
  for (auto [reduce, range] = sharedReduceRange(sink); reduce; std::tie(reduce, range) = sharedReduceRange(sink)) {
    UOpPtr fresh = range->withArg(RangeArg{next++, range->argAs<RangeArg>().type});
    UOpPtr copy = substitute(reduce->ptr(), {{range, fresh}});
    sink = substituteStep("own ranges per reduce", sink, {{reduce, copy}});
  }
  return sink;
}

} // namespace

UOpPtr optimize(const UOpPtr& ast, const CodegenTarget& target) {
  UOpPtr sink = unshareReduceRanges(ast);
  // GPU output ranges are the launch grid; a CPU runs them as sequential loops
  // (the outermost becomes THREAD when OptOps can split it).
  if (target.launchGrid) {
    std::unordered_set<const UOp*> inRow =
        target.rowKernels ? rangesOutsideAReduction(sink) : std::unordered_set<const UOp*>{};
    sink = graphRewrite(sink, pmGpuAxes(), {.name = "assign axis types", .context = &inRow});
  }
  // a fixed nesting order: Linearize opens loops in the order End and Reduce list them
  sink = graphRewrite(sink, pmOrderRanges(), {.name = "order ranges"});
  // a row kernel's expensive elements computed once, kept in a REG row
  return cacheRowElements(sink, target);
}

} // namespace uops
