// What a launched kernel is, for whoever shows a run: its name, launch shape,
// the bytes of the buffers it binds and the OptOps Optimize applied. A run
// lists them in launch order (TimelineEvent::kernel indexes them).
#pragma once

#include "core/pipeline/codegen.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

struct KernelLaunch {
  std::string name;
  std::vector<int64_t> global; // work-items per dimension (a CPU kernel: its threads)
  std::vector<int64_t> local;  // workgroup size per dimension; empty: none, or the driver's choice
  int64_t bytes = 0;           // of every buffer it binds, read or written
  std::string opts;            // formatOpts of what Optimize applied; empty: none
};

KernelLaunch launchOf(const LoweredKernel& kernel);
std::vector<KernelLaunch> launchesOf(const std::vector<LoweredKernel>& kernels);

} // namespace uops
