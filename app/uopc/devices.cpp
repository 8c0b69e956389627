#include "app/uopc/devices.h"

#include "backends/llvm/cpu_schedule.h"
#include "core/program/device_run.h"
#include "core/program/interp_run.h"

#include <memory>
#include <mutex>

namespace uopc {
namespace {

uops::program::DeviceRun runOnCpu(const std::vector<uops::Tensor>& outputs,
                                  const uops::program::RunSettings& settings) {
  // one JIT for the process: compiled kernels are cached by content
  static std::mutex mutex;
  static std::unique_ptr<uops::CpuDevice> device;
  std::lock_guard lock(mutex);
  if (!device) device = std::make_unique<uops::CpuDevice>();
  std::vector<uops::UOpPtr> roots = uops::program::rootsOf(outputs);
  uops::PipelineRun lowered = uops::runPipeline(roots, {.trace = false, .target = uops::cpuTarget()});
  uops::CpuScheduleRun run =
      uops::runScheduleOnCpu(lowered, *device, uops::zeroFilledInputs(roots), settings.repeat);
  return {.outputs = std::move(run.outputs),
          .kernels = static_cast<int64_t>(run.kernels.size()),
          .times = std::move(run.kernels)};
}

} // namespace

void registerCompiledDevices() {
  uops::program::registerDevice("CPU", runOnCpu);
}

} // namespace uopc
