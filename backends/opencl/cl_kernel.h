// One lowered kernel on a CL:<n> device: its build (checked for what the
// device lacks), its launch over the grid of its GLOBAL ranges and its
// workgroup, timed by the launch's profiling event, and the same launch as a
// probe request (cl_probe.h). opencl_device.h runs schedules with these.
#pragma once

#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_schedule_program.h"
#include "core/pipeline/codegen.h"
#include "core/render/render_opencl.h"

#include <vector>

namespace uops {

// One lowered kernel built for `device`; ClError (Usage) when it needs
// cl_khr_fp64 and the device lacks it, (Build) with the driver's log.
ClProgram buildKernel(ClDevice& device, const LoweredKernel& kernel);
// buildKernel's checks before a build: ClError (Usage) when the kernel was not
// rendered as OpenCL C or needs cl_khr_fp64 the device lacks.
void checkBuildable(ClDevice& device, const LoweredKernel& kernel);
// How a kernel built on its own (buildKernel) is launched: its own __kernel.
ProgramEntry ownEntry(const LoweredKernel& kernel);
// Launches it once on `args` over its grid and workgroup, through `entry` of
// its program; the event's time in ms.
double launchKernel(ClDevice& device, const ClProgram& program, const LoweredKernel& kernel,
                    const ProgramEntry& entry, const std::vector<ClArg>& args);
// The launch launchKernel makes, for ClDevice::probe.
ClProbeLaunch kernelProbe(const ClProgramText& program, const LoweredKernel& kernel, const ProgramEntry& entry,
                          std::vector<ClProbeArg> args);

} // namespace uops
