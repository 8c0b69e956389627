#include "app/uopc/devices.h"

#include "backends/llvm/cpu_schedule.h"
#include "backends/opencl/cl_schedule.h"
#include "core/program/device_run.h"
#include "core/program/interp_run.h"

#include <map>
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
  uops::CodegenTarget target = uops::cpuTarget();
  target.heuristics = settings.heuristics;
  uops::PipelineRun lowered = uops::runPipeline(roots, {.trace = false, .target = target}, settings.opts);
  uops::CpuScheduleRun run =
      uops::runScheduleOnCpu(lowered, *device, uops::zeroFilledInputs(roots), settings.repeat);
  return {.outputs = std::move(run.outputs),
          .kernels = static_cast<int64_t>(run.kernels.size()),
          .times = std::move(run.kernels)};
}

// CL:<n>: OpenCL through the ICD loader; each device opened once per process.
uops::program::DeviceRun runOnCl(const std::string& name, const std::vector<uops::Tensor>& outputs,
                                 const uops::program::RunSettings& settings) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<uops::ClDevice>> devices;
  std::lock_guard lock(mutex);
  std::unique_ptr<uops::ClDevice>& device = devices[name];
  if (!device) device = std::make_unique<uops::ClDevice>(uops::ClDevice::open(name));
  std::vector<uops::UOpPtr> roots = uops::program::rootsOf(outputs);
  uops::CodegenTarget target = uops::openClTarget(name);
  target.heuristics = settings.heuristics;
  uops::PipelineRun lowered = uops::runPipeline(roots, {.trace = false, .target = target}, settings.opts);
  uops::ClScheduleRun run =
      uops::runScheduleOnCl(lowered, *device, uops::zeroFilledInputs(roots), settings.repeat);
  return {.outputs = std::move(run.outputs),
          .kernels = static_cast<int64_t>(run.kernels.size()),
          .times = std::move(run.kernels)};
}

} // namespace

void registerCompiledDevices() {
  uops::program::registerDevice("CPU", runOnCpu);
  uops::program::registerDevice("CL", [](const std::vector<uops::Tensor>& outputs,
                                         const uops::program::RunSettings& settings) {
    return runOnCl(settings.device, outputs, settings);
  });
}

} // namespace uopc
