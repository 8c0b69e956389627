// Running the lowered program on a device, on a worker thread, through core's
// one path (core/engine/device_schedule.h over the registry's Device): the
// explorer's own pipeline run (with the OptOps chosen in the Optimize view)
// when it was lowered for that device; else the program is lowered again for
// it, OptOps by the heuristics. Outputs are compared with the reference
// evaluator only when asked (core/runtime/reference_check.h: bounded and
// cancellable); each kernel gets its times and its work (core/engine/kernel_flops.h).
#pragma once

#include "core/engine/multi_schedule.h"
#include "core/ir/variable.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/schedule_executor.h"
#include "core/runtime/reference_check.h"
#include "core/engine/kernel_flops.h"

#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace uops::views {

struct DeviceChoice {
  QString name;        // "CPU", "CL:0"
  QString description; // "CPU (LLVM)", "CL:0 pthread-... (Portable Computing Language)"
};

// The registry's devices with a code generator (those the explorer lowers
// for, shows code of and times), in the registry's order.
std::vector<DeviceChoice> availableDevices();

struct DeviceRunResult {
  QString device;
  std::vector<KernelTimes> kernels; // by launch order
  std::vector<KernelWork> work;     // by launch order
  QString outputs;  // shapes and first values
  std::optional<ReferenceCheck> check; // none: not asked for
  QString error;
  std::vector<KernelLaunch> launches; // by launch order
  // what ran where when, per device (the timeline view shows it for a
  // program on device tuples; File > Export Trace writes it)
  std::vector<TimelineEvent> timeline;
  int64_t devices = 1;
  int64_t copies = 0;
};

// `run` is a lowering of `roots`; a device it was not lowered for lowers them
// again. A program on device tuples runs split per device (program_run.h),
// its virtual devices on `device`'s kind. `check`: compare the outputs with
// the reference evaluator's, stopped when *cancel becomes true. `variables`:
// the bound values the kernels take (a realization's, core/ir/variable.h).
DeviceRunResult runOnDevice(const QString& device, std::shared_ptr<PipelineRun> run, std::vector<UOpPtr> roots,
                            int repeat, bool check = false, const std::atomic<bool>* cancel = nullptr,
                            const VariableValues& variables = {});

} // namespace uops::views
