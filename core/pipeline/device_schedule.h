// Running a lowered program on any Device: every kernel is compiled once
// (Device::compileAll), then the schedule runs `repeat` times with its buffers
// in the device's memory: copies upload literal data (evaluated on the host)
// or copy buffers, kernels run with their buffers by Param slot, the final
// Tuple's buffers come back shaped as the program's outputs. The buffers are
// made once and reused by every run: fresh ones would put first-touch page
// faults into the kernels' times. One runner for every backend.
#pragma once

#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/schedule_executor.h"
#include "core/runtime/device.h"

#include <vector>

namespace uops {

struct ScheduleRun {
  std::vector<HostTensor> outputs;  // of the last run
  std::vector<KernelTimes> kernels; // by launch order
  size_t buffersMade = 0;           // device buffers allocated over all runs
};

// The kernels `device` compiles for `run`: the codegen stages' kernels for a
// device with a target (DeviceError when `run` failed, stopped before codegen
// or was lowered for another device), Rangeify's kernels as they are for one
// without (INTERP).
// `checkTargets` false: kernels may have been lowered for several devices'
// targets (a schedule over several kinds); their devices check them.
std::vector<LoweredKernel> kernelsFor(const Device& device, const PipelineRun& run, bool checkTargets = true);
// DeviceError unless `device` runs what `kernel` was lowered for.
void checkLoweredFor(const Device& device, const LoweredKernel& kernel);

// `inputs` holds the input Buffers' contents (uploaded before each run: a run
// may assign to its inputs). Throws DeviceError as kernelsFor does,
// KernelError for a buffer read before anything wrote it, and what the
// device's compiler throws.
ScheduleRun runSchedule(Device& device, const PipelineRun& run, const BufferValues& inputs, int repeat = 1);

} // namespace uops
