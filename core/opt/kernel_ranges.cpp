#include "core/opt/kernel_ranges.h"

#include "core/ir/graph_walk.h"
#include "core/ir/reaches.h"

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

int64_t nestKey(const UOp& range) {
  const RangeArg& r = range.argAs<RangeArg>();
  return (int64_t{axisNestOrder(r.type)} << 40) + r.id;
}

bool rangeNestsOutside(const UOp& a, const UOp& b) { return nestKey(a) < nestKey(b); }

std::optional<int64_t> constBound(const UOp& range) {
  auto bound = range.src(0)->constValue();
  if (!bound || !std::holds_alternative<int64_t>(*bound)) return std::nullopt;
  return std::get<int64_t>(*bound);
}

int64_t expansionOf(const UOpPtr& ast) {
  int64_t expansion = 1;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType t = r->argAs<RangeArg>().type;
    if (auto bound = constBound(*r); (t == AxisType::Upcast || t == AxisType::Unroll) && bound) expansion *= *bound;
  }
  return expansion;
}

std::vector<UOpPtr> kernelRanges(const UOpPtr& ast) {
  std::vector<UOpPtr> ranges;
  for (const UOp* u : nodesWithOps(*ast, opBit(Op::Range)))
    ranges.push_back(u->ptr());
  std::stable_sort(ranges.begin(), ranges.end(), rangeBefore);
  return ranges;
}

KernelName kernelName(const UOpPtr& ast) {
  KernelName name;
  bool reduces = false;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType type = r->argAs<RangeArg>().type;
    // A symbolic bound shows its largest value.
    int64_t size = constBound(*r).value_or(static_cast<int64_t>(r->src(0)->minMax().hi));
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

std::unordered_set<const UOp*> rangesOutsideAReduction(const UOpPtr& ast) {
  const std::vector<const UOp*> order = toposort(*ast);
  std::vector<const UOp*> reduces;
  for (const UOp* u : order)
    if (u->op() == Op::Reduce) reduces.push_back(u);
  std::unordered_set<const UOp*> outside;
  for (const UOp* u : order) {
    if (u->op() != Op::Range) continue;
    const AxisType t = u->argAs<RangeArg>().type;
    if (t != AxisType::Loop && t != AxisType::Global) continue;
    if (std::any_of(reduces.begin(), reduces.end(), [&](const UOp* r) { return !reaches(*r, *u); })) outside.insert(u);
  }
  return outside;
}

std::string kernelLabel(size_t index, std::string_view name) {
  return fmt::format("#{} {}", index, name);
}

} // namespace uops
