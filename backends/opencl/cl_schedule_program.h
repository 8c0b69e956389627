// The OpenCL program a schedule's kernels are built in: one. Every
// clBuildProgram preprocesses the driver's OpenCL headers and starts its C
// compiler again (PoCL: about 60 ms even as a cache hit), and a process's
// first uncached build loads PoCL's kernel library (about 1 s), so the kernels
// share one program, their helper definitions once. Kernels with equal bodies
// share one function; a name another body took gets "n1", "n2", ... (kernel
// names end in a digit after '_', so no other kernel has that name).
#pragma once

#include "core/pipeline/pipeline_runner.h"

#include <string>
#include <vector>

namespace uops {

struct ScheduleProgram {
  std::string source;                  // the OpenCL C program
  std::vector<std::string> functionOf; // per kernel: its __kernel's name there
};

ScheduleProgram scheduleProgram(const std::vector<LoweredKernel>& kernels);

} // namespace uops
