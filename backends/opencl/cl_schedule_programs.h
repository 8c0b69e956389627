// The OpenCL programs a schedule's kernels are built in: as few as possible.
// Every clBuildProgram preprocesses the driver's OpenCL headers and starts its
// C compiler again (PoCL: tens of ms a program, most of a cold run's build
// time), so a schedule's kernels share one program, their helper definitions
// once; kernels whose function names collide with different bodies go to
// another program.
#pragma once

#include "backends/opencl/cl_device.h"
#include "core/pipeline/pipeline_runner.h"

#include <vector>

namespace uops {

// One program per kernel of `kernels` (shared handles: kernels of one batch
// get the same program). ClError as buildKernel (cl_schedule.h) throws.
std::vector<ClProgram> buildSchedulePrograms(ClDevice& device, const std::vector<LoweredKernel>& kernels);

} // namespace uops
