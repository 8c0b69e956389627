// Running a lowered program on the CPU device: every kernel of a pipeline run
// (lowered for cpuTarget()) is compiled once (all in parallel), then the schedule runs `repeat`
// times on host memory; each kernel's wall time is kept per run. The
// schedule's own buffers are made once and reused by every run: fresh pages
// would put the kernel's first touch of them (page faults) into its time.
#pragma once

#include "backends/llvm/cpu_device.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/schedule_executor.h"

#include <vector>

namespace uops {

struct CpuScheduleRun {
  std::vector<HostTensor> outputs;  // of the last run
  std::vector<KernelTimes> kernels; // by launch order
  size_t buffersMade = 0;           // the schedule's own buffers, allocated over all runs
};

// Compiles every kernel, on all cores at once (LLVM's JIT is thread-safe);
// the programs are in `kernels`' order, and a failure throws the error of the
// first failing kernel in that order, as a serial loop would.
std::vector<CpuProgram> compileAll(CpuDevice& device, const std::vector<LoweredKernel>& kernels);

// `run` must have gone through every codegen stage (throws DeviceError if not,
// with the failing stage's message). `inputs` seeds each run's buffers.
CpuScheduleRun runScheduleOnCpu(const PipelineRun& run, CpuDevice& device, const BufferValues& inputs,
                                int repeat = 1);

} // namespace uops
