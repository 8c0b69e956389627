// Running a lowered program on a CL:<n> device: every kernel of a pipeline
// run lowered for openClTarget() is built once, in as few programs as the
// kernels' names allow (cl_schedule_programs.h), and all their launches are
// probed in one request (cl_probe.h), then the schedule runs `repeat` times with its buffers in device
// memory: copies upload literal data or copy buffers, kernels launch over the
// grid of their GLOBAL ranges, results are read back. Times are the kernels'
// profiling-event times.
#pragma once

#include "backends/opencl/cl_device.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/schedule_executor.h"

#include <vector>

namespace uops {

struct ClScheduleRun {
  std::vector<HostTensor> outputs;  // of the last run
  std::vector<KernelTimes> kernels; // by launch order
};

// Throws ClError for a run the device refuses (a failed stage of `run`, a
// kernel needing cl_khr_fp64 on a device without it, a build error with the
// driver's log).
ClScheduleRun runScheduleOnCl(const PipelineRun& run, ClDevice& device, const BufferValues& inputs,
                              int repeat = 1);

// One lowered kernel built for `device`; ClError (Usage) when it needs
// cl_khr_fp64 and the device lacks it, (Build) with the driver's log.
ClProgram buildKernel(ClDevice& device, const LoweredKernel& kernel);
// buildKernel's checks before a build: ClError (Usage) when the kernel was not
// rendered as OpenCL C or needs cl_khr_fp64 the device lacks.
void checkBuildable(ClDevice& device, const LoweredKernel& kernel);
// Launches it once on `args` over its grid and workgroup; the event's time in ms.
double launchKernel(ClDevice& device, const ClProgram& program, const LoweredKernel& kernel,
                    const std::vector<ClArg>& args);
// The launch launchKernel makes, for ClDevice::probe.
ClProbeLaunch kernelProbe(const ClProgram& program, const LoweredKernel& kernel,
                          std::vector<ClProbeArg> args);

} // namespace uops
