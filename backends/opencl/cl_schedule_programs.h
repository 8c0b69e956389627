// The OpenCL programs a schedule's kernels are built in: as few as the
// builds can run side by side. Every clBuildProgram preprocesses the
// driver's OpenCL headers and starts its C compiler again (PoCL: tens of ms a
// program), and one process builds one program at a time, so a schedule's
// kernels go into one program per process that can build at once (the probe
// children, cl_probe.h; one when there are none), balanced by source size,
// their helper definitions once per program. Kernels with equal bodies share
// one function; a name taken by another body gets "n1", "n2", ... (kernel
// names end in a digit after '_', so no other kernel has that name).
#pragma once

#include "core/pipeline/pipeline_runner.h"

#include <cstddef>
#include <string>
#include <vector>

namespace uops {

struct ScheduleProgramPlan {
  std::vector<std::string> sources;     // one OpenCL C program each
  std::vector<size_t> programOf;        // per kernel: its program in `sources`
  std::vector<std::string> functionOf;  // per kernel: its __kernel's name there
};

// At most `programs` (at least 1) programs for `kernels`, none empty.
ScheduleProgramPlan planSchedulePrograms(const std::vector<LoweredKernel>& kernels, size_t programs);

} // namespace uops
