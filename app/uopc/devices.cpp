#include "app/uopc/devices.h"

#include "backends/llvm/cpu_beam.h"
#include "backends/llvm/cpu_schedule.h"
#include "backends/llvm/host_cpu_target.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/optimize.h"
#include "backends/opencl/cl_beam.h"
#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_schedule.h"
#include "core/program/device_run.h"
#include "core/program/interp_run.h"

#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>

namespace uopc {
namespace {

// BEAM for every kernel without given OptOps; progress and results on stderr.
// `search` runs one kernel's search on the device.
using KernelSearch = std::function<uops::BeamResult(const uops::UOpPtr& ast, const uops::BeamSettings&)>;
void searchKernels(const KernelSearch& search, const std::vector<uops::UOpPtr>& roots,
                   const uops::CodegenTarget& target, uops::program::RunSettings& settings) {
  uops::PipelineRun scheduled = uops::runPipeline(
      roots, {.trace = false, .target = std::nullopt, .rangeify = uops::rangeifyOptionsFor(target)});
  if (scheduled.failed()) return; // the run itself reports the failure
  uops::BeamCache cache;
  for (size_t i = 0; i < scheduled.schedule.kernels.size(); ++i) {
    if (settings.opts.contains(i)) continue;
    const uops::ScheduledKernel& k = scheduled.schedule.kernels[i];
    uops::BeamSettings beam{.width = settings.beam,
                            .maxRounds = 6,
                            .compileThreads = 2,
                            .progress = [&](const uops::BeamProgress& p) {
                              std::cerr << fmt::format("\rBEAM {} round {}: {} tried, best {:.4f} ms   ", k.name,
                                                       p.round, p.tried, p.bestMs);
                            },
                            .cancel = nullptr,
                            .cache = &cache,
                            .device = target.kind == uops::TargetKind::Cpu ? "CPU" : target.device,
                            .seeds = {},
                            .budgetSeconds = settings.beamBudgetSeconds};
    if (target.heuristics) beam.seeds = uops::heuristicSeeds(uops::optimize(k.ast, target), uops::optTargetOf(target));
    uops::BeamResult r = search(k.ast, beam);
    std::cerr << fmt::format("\rBEAM {}: {} -> {:.4f} ms{} ({} tried{})\n", k.name,
                             r.opts.empty() ? "no OptOps" : uops::formatOpts(r.opts), r.ms,
                             r.fromCache ? " from the cache" : fmt::format(", {:.4f} ms without", r.baselineMs),
                             r.tried, r.outOfTime ? fmt::format(", stopped after the {} s budget", settings.beamBudgetSeconds) : "");
    settings.opts[i] = r.opts;
  }
}

uops::program::DeviceRun runOnCpu(const std::vector<uops::Tensor>& outputs,
                                  const uops::program::RunSettings& settings) {
  // one JIT for the process: compiled kernels are cached by content
  static std::mutex mutex;
  static std::unique_ptr<uops::CpuDevice> device;
  std::lock_guard lock(mutex);
  if (!device) device = std::make_unique<uops::CpuDevice>();
  std::vector<uops::UOpPtr> roots = uops::program::rootsOf(outputs);
  uops::CodegenTarget target = uops::hostCpuTarget();
  target.heuristics = settings.heuristics;
  uops::program::RunSettings chosen = settings;
  if (chosen.beam > 0)
    searchKernels([&](const uops::UOpPtr& ast, const uops::BeamSettings& beam) {
      return uops::beamSearchCpu(*device, ast, target, beam);
    }, roots, target, chosen);
  uops::PipelineRun lowered = uops::runPipeline(roots, {.trace = false, .target = target}, chosen.opts);
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
  uops::program::RunSettings chosen = settings;
  if (chosen.beam > 0)
    searchKernels([&](const uops::UOpPtr& ast, const uops::BeamSettings& beam) {
      return uops::beamSearchCl(*device, ast, target, beam);
    }, roots, target, chosen);
  uops::PipelineRun lowered = uops::runPipeline(roots, {.trace = false, .target = target}, chosen.opts);
  uops::ClScheduleRun run =
      uops::runScheduleOnCl(lowered, *device, uops::zeroFilledInputs(roots), settings.repeat);
  return {.outputs = std::move(run.outputs),
          .kernels = static_cast<int64_t>(run.kernels.size()),
          .times = std::move(run.kernels)};
}

} // namespace

std::string bestDevice() {
  for (const uops::ClDeviceInfo& d : uops::clDevices())
    if (d.type == "GPU") return d.name;
  return "CPU";
}

uops::RangeifyOptions rangeifyOptionsOn(const std::string& device) {
  if (device.rfind("CL:", 0) == 0) return uops::rangeifyOptionsFor(uops::openClTarget(device));
  return {};
}

void registerCompiledDevices() {
  uops::program::registerDevice("CPU", runOnCpu);
  uops::program::registerDevice("CL", [](const std::vector<uops::Tensor>& outputs,
                                         const uops::program::RunSettings& settings) {
    return runOnCl(settings.device, outputs, settings);
  });
}

} // namespace uopc
