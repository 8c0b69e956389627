// Bisecting a lowering: the first rule application after which a program's
// kernels compute something else than the reference evaluator, or run slower
// by a given percentage.
//
// The program is lowered once traced without a filter (the numbering of its
// applications, lowering_filter.h), then again with limits 0..N chosen by
// bisection (bisect_search.h): each limit's lowering is compiled and run on
// the device on the program's own inputs (literal data and seeded random
// numbers: the same every run) and compared with the reference evaluator, or
// timed (the best of several runs) against limit 0's time. A limit whose
// lowering fails, or whose kernels do not compile or run, cannot be lowered.
#pragma once

#include "core/engine/bisect_search.h"
#include "core/pipeline/lowering_filter.h"
#include "core/pipeline/pipeline_runner.h"

#include <atomic>
#include <functional>
#include <vector>

namespace uops {

class Device;

struct LoweringBisectOptions {
  double slowerPercent = 0; // > 0: bad is this much slower than limit 0; 0: outputs that differ
  int repeat = 5;           // timed runs per limit (the best counts)
  // After each probe: how many so far, the limit, what it gave.
  std::function<void(size_t probes, size_t limit, const Probe&)> progress{};
  const std::atomic<bool>* cancel = nullptr; // stops before the next probe (PipelineCancelled)
};

struct LoweringBisect {
  BisectSearch search;
  PipelineRun traced;    // the lowering without a filter
  size_t total = 0;      // its rule applications
  ApplicationPlace place; // application search.firstBad - 1 in `traced` (when found)
};

// Throws DeviceError for a device without a code generator; errors of the
// unfiltered lowering end up in the search's message.
LoweringBisect bisectLowering(Device& device, const std::vector<UOpPtr>& roots,
                              const LoweringBisectOptions& options = {});

} // namespace uops
