#include "core/pipeline/program_run.h"

#include "core/opt/heuristics.h"
#include "core/pipeline/codegen_target.h"
#include "core/pipeline/device_beam.h"
#include "core/pipeline/optimize.h"
#include "core/pipeline/rangeify.h"
#include "core/runtime/zero_filled.h"

#include <fmt/format.h>

namespace uops {
namespace {

// BEAM for every kernel without given OptOps; their results join `opts`.
void searchKernels(Device& device, const std::vector<UOpPtr>& roots, const CodegenTarget& target,
                   const RunSettings& settings, KernelOpts& opts) {
  PipelineRun scheduled =
      runPipeline(roots, {.trace = false, .target = std::nullopt, .rangeify = rangeifyOptionsFor(target)});
  if (scheduled.failed()) return; // the run itself reports the failure
  BeamCache cache;
  for (size_t i = 0; i < scheduled.schedule.kernels.size(); ++i) {
    if (opts.contains(i)) continue;
    const ScheduledKernel& k = scheduled.schedule.kernels[i];
    BeamSettings beam{.width = settings.beam,
                      .maxRounds = 6,
                      .compileThreads = 2,
                      .progress = [&](const BeamProgress& p) {
                        if (settings.beamProgress) settings.beamProgress(k.name, p);
                      },
                      .cancel = nullptr,
                      .cache = &cache,
                      .device = target.device,
                      .seeds = {},
                      .budgetSeconds = settings.beamBudgetSeconds};
    if (target.heuristics) beam.seeds = heuristicSeeds(optimize(k.ast, target), optTargetOf(target));
    BeamResult r = beamSearchOn(device, k.ast, target, beam);
    if (settings.beamDone) settings.beamDone(k.name, r);
    opts[i] = r.opts;
  }
}

} // namespace

CodegenTarget runTarget(const Device& device, bool heuristics) {
  const CodegenTarget* target = device.target();
  if (!target) throw DeviceError(fmt::format("{} has no code generator", device.name()));
  CodegenTarget chosen = *target;
  chosen.heuristics = heuristics;
  return chosen;
}

DeviceRun runProgram(Device& device, const std::vector<UOpPtr>& roots, const RunSettings& settings) {
  if (!device.runsKernels()) return {.outputs = zeroFilledEvaluator().evaluate(roots), .kernels = 0, .times = {}};
  std::optional<CodegenTarget> target;
  if (device.target()) target = runTarget(device, settings.heuristics);
  if (settings.beam > 0 && !target)
    throw DeviceError(fmt::format("{} has no code generator to search: BEAM needs a device with one", device.name()));
  KernelOpts opts = settings.opts;
  if (settings.beam > 0) searchKernels(device, roots, *target, settings, opts);
  PipelineRun lowered = runPipeline(roots, {.trace = false, .target = target}, opts);
  ScheduleRun run = runSchedule(device, lowered, zeroFilledInputs(roots), settings.repeat);
  return {.outputs = std::move(run.outputs),
          .kernels = static_cast<int64_t>(run.kernels.size()),
          .times = std::move(run.kernels)};
}

} // namespace uops
