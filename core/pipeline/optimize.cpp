#include "core/pipeline/optimize.h"

#include "core/rewrite/graph_rewrite.h"

#include <algorithm>

namespace uops {
namespace {

bool rangeBefore(const UOpPtr& a, const UOpPtr& b) {
  return rangeNestsOutside(*a, *b);
}

// A GPU launches its output ranges as the grid: LOOP -> GLOBAL.
UOpPtr toGlobal(const Match& m) {
  const RangeArg& arg = m.root()->argAs<RangeArg>();
  if (arg.type != AxisType::Loop) return nullptr;
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

} // namespace

UOpPtr optimize(const UOpPtr& ast, const CodegenTarget& target) {
  UOpPtr sink = ast;
  // GPU output ranges are the launch grid; a CPU runs them as sequential loops
  // (the outermost becomes THREAD when OptOps can split it).
  if (target.kind == TargetKind::Gpu)
    sink = graphRewrite(sink, pmGpuAxes(), {.name = "assign axis types"});
  // a fixed nesting order: Linearize opens loops in the order End and Reduce list them
  sink = graphRewrite(sink, pmOrderRanges(), {.name = "order ranges"});
  return sink;
}

} // namespace uops
