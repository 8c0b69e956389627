#include "core/pipeline/schedule.h"

#include "core/pipeline/callify.h"
#include "core/pipeline/optimize.h"
#include "core/pipeline/rangeify.h"

namespace uops {

std::vector<ScheduledKernel> listKernels(const UOpPtr& linear) {
  std::vector<ScheduledKernel> out;
  for (const UOpPtr& item : linear->src()) {
    if (item->op() != Op::Call) continue;
    ScheduledKernel k{item, item->src(0), kernelName(item->src(0)).text, {}};
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
