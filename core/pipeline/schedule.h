// The schedule Rangeify produces, taken apart for its users: the kernels in
// launch order, each with its AST, its buffers and a display name.
//
// A kernel's name is Optimize's kernelName (optimize.h): 'r_' when it
// reduces, else 'E_', then its range sizes in nesting order (a 64x16 sum over
// the last axis is r_64_16, an elementwise 4x3 kernel E_4_3).
#pragma once

#include "core/ir/uop.h"

#include <string>
#include <vector>

namespace uops {

struct ScheduledKernel {
  UOpPtr call;     // Call(Sink(ast), buf0, buf1, ...)
  UOpPtr ast;      // Sink(End(Store(...), ranges...), ...)
  std::string name;
  UOpList buffers; // the Buffer bound to Param slot k, by k
};

struct Schedule {
  UOpPtr linear;                       // Linear(items..., Tuple(results...))
  std::vector<ScheduledKernel> kernels; // in launch order
  size_t copies = 0;                   // copy items
  UOpList results;                     // Reshape(Buffer, shape), one per output
};

// The kernels of a schedule, in launch order.
std::vector<ScheduledKernel> listKernels(const UOpPtr& linear);
Schedule scheduleOf(const UOpPtr& linear);

// Callify then Rangeify, taken apart.
Schedule lowerToSchedule(const std::vector<UOpPtr>& outputs);

} // namespace uops
