#include "core/pipeline/optimize.h"

#include "core/rewrite/graph_rewrite.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
namespace {

bool isReduction(AxisType t) {
  return t == AxisType::Reduce || t == AxisType::GroupReduce || t == AxisType::Unroll;
}

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

int axisNestOrder(AxisType type) {
  switch (type) {
  case AxisType::Global:
  case AxisType::Thread:
    return 0;
  case AxisType::Local:
    return 1;
  case AxisType::Loop:
    return 2;
  case AxisType::Warp:
    return 3;
  case AxisType::GroupReduce:
    return 4;
  case AxisType::Reduce:
    return 5;
  case AxisType::Upcast:
    return 6;
  case AxisType::Unroll:
    return 7;
  }
  return 8;
}

bool rangeNestsOutside(const UOp& a, const UOp& b) {
  const RangeArg& x = a.argAs<RangeArg>();
  const RangeArg& y = b.argAs<RangeArg>();
  int ox = axisNestOrder(x.type), oy = axisNestOrder(y.type);
  return ox != oy ? ox < oy : x.id < y.id;
}

std::vector<UOpPtr> kernelRanges(const UOpPtr& ast) {
  std::vector<UOpPtr> ranges;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Range) ranges.push_back(u->ptr());
  std::stable_sort(ranges.begin(), ranges.end(), rangeBefore);
  return ranges;
}

KernelName kernelName(const UOpPtr& ast) {
  KernelName name;
  bool reduces = false;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType type = r->argAs<RangeArg>().type;
    // A symbolic bound shows its largest value.
    auto bound = r->src(0)->constValue();
    int64_t size = bound && std::holds_alternative<int64_t>(*bound)
                       ? std::get<int64_t>(*bound)
                       : static_cast<int64_t>(r->src(0)->minMax().hi);
    reduces = reduces || isReduction(type);
    name.sizes.push_back(size);
    name.types.push_back(type);
    name.letters.push_back(axisTypeLetter(type));
  }
  // one fmt::format: GCC 12 reports a false -Wrestrict for a literal assigned to a std::string
  name.text = fmt::format("{}{}{}", reduces ? 'r' : 'E', name.sizes.empty() ? "" : "_",
                          fmt::join(name.sizes, "_"));
  return name;
}

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
