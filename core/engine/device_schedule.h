// Running a lowered program on any Device: every kernel is compiled once
// (Device::compileAll), then the schedule runs `repeat` times with its buffers
// in the device's memory: copies upload literal data (evaluated on the host)
// or copy buffers, kernels run with their buffers by Param slot, the final
// Tuple's buffers come back shaped as the program's outputs. The buffers are
// made once and reused by every run: fresh ones would put first-touch page
// faults into the kernels' times. One runner for every backend.
#pragma once

#include "core/engine/kernel_launch.h"
#include "core/ir/variable.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/schedule_executor.h"
#include "core/engine/timeline_event.h"
#include "core/engine/device.h"

#include <atomic>
#include <memory>
#include <vector>

namespace uops {

struct ScheduleRun {
  std::vector<HostTensor> outputs;  // of the last run
  std::vector<KernelTimes> kernels; // by launch order
  size_t buffersMade = 0;           // device buffers allocated over all runs
  size_t inputCopies = 0;           // inputs copied to the device over all runs
  std::vector<TimelineEvent> timeline; // every run's copies and kernels on the device's one queue
  std::vector<KernelLaunch> launches;  // by launch order
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

// A schedule compiled once for a device and run any number of times, each run
// with its own input contents, on buffers made once. The auto-batching VM runs
// each block's kernels this way, once per block execution.
class PreparedSchedule {
public:
  // Compiles every kernel; throws as kernelsFor and the device's compiler do.
  PreparedSchedule(Device& device, const PipelineRun& run);
  ~PreparedSchedule();
  PreparedSchedule(const PreparedSchedule&) = delete;
  PreparedSchedule& operator=(const PreparedSchedule&) = delete;

  // One run: `inputs` holds the input Buffers' contents (uploaded first,
  // unless the buffer holds the same value from the last run and nothing
  // wrote it since: a run may assign to its inputs); the final Tuple's buffers come back. Each
  // kernel's time is appended to `times` (one entry per kernel) when given,
  // each copy's and kernel's start and end (from the run's start, `run` 0) to
  // `timeline`. Throws KernelError for a buffer read before anything wrote
  // it, and PipelineCancelled before the next kernel once *cancel is set.
  // `variables`: the bound values each kernel's variables take.
  std::vector<HostTensor> run(const BufferValues& inputs, std::vector<KernelTimes>* times = nullptr,
                              const std::atomic<bool>* cancel = nullptr,
                              std::vector<TimelineEvent>* timeline = nullptr,
                              const VariableValues& variables = {});

  const std::vector<LoweredKernel>& kernels() const { return m_kernels; }
  size_t buffersMade() const;
  // inputs copied to the device: a run skips those whose buffer holds the same value since the last
  size_t inputCopies() const;

private:
  struct Buffers;
  Device& m_device;
  UOpPtr m_linear;
  std::vector<LoweredKernel> m_kernels;
  std::vector<std::shared_ptr<DeviceProgram>> m_programs;
  std::unique_ptr<Buffers> m_buffers;
};

// `inputs` holds the input Buffers' contents (uploaded as PreparedSchedule::run
// does). Throws DeviceError as kernelsFor does,
// KernelError for a buffer read before anything wrote it, and what the
// device's compiler throws.
ScheduleRun runSchedule(Device& device, const PipelineRun& run, const BufferValues& inputs, int repeat = 1,
                        const VariableValues& variables = {});
// `repeat` runs of a schedule already prepared: the last run's outputs, each
// kernel's times over every run; stopped before the next kernel once *cancel is set.
ScheduleRun runPrepared(PreparedSchedule& prepared, const BufferValues& inputs, int repeat = 1,
                        const std::atomic<bool>* cancel = nullptr, const VariableValues& variables = {});

} // namespace uops
