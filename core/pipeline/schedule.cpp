#include "core/pipeline/schedule.h"

#include "core/ir/shape.h"
#include "core/pipeline/callify.h"
#include "core/pipeline/rangeify.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {

std::string kernelName(const UOpPtr& ast) {
  std::vector<const UOp*> ranges;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Range) ranges.push_back(u);
  auto isReduce = [](const UOp* r) { return r->argAs<RangeArg>().type == AxisType::Reduce; };
  // output ranges before reduce ranges, each in range order
  std::stable_sort(ranges.begin(), ranges.end(), [&](const UOp* a, const UOp* b) {
    if (isReduce(a) != isReduce(b)) return !isReduce(a);
    return a->argAs<RangeArg>().id < b->argAs<RangeArg>().id;
  });
  bool reduces = std::any_of(ranges.begin(), ranges.end(), isReduce);
  std::string name = reduces ? "r" : "E";
  for (const UOp* r : ranges) {
    auto bound = r->src(0)->constValue();
    name += bound ? fmt::format("_{}", std::get<int64_t>(*bound)) : std::string("_n");
  }
  return name;
}

std::vector<ScheduledKernel> listKernels(const UOpPtr& linear) {
  std::vector<ScheduledKernel> out;
  for (const UOpPtr& item : linear->src()) {
    if (item->op() != Op::Call) continue;
    ScheduledKernel k{item, item->src(0), kernelName(item->src(0)), {}};
    k.buffers.assign(item->src().begin() + 1, item->src().end());
    out.push_back(std::move(k));
  }
  return out;
}

Schedule scheduleOf(const UOpPtr& linear) {
  Schedule s;
  s.linear = linear;
  s.kernels = listKernels(linear);
  for (const UOpPtr& item : linear->src()) {
    if (item->op() == Op::Store) ++s.copies;
    if (item->op() == Op::Tuple) s.results = item->src();
  }
  return s;
}

Schedule lowerToSchedule(const std::vector<UOpPtr>& outputs) {
  return scheduleOf(rangeify(callify(outputs)));
}

} // namespace uops
