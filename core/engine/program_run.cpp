#include "core/engine/program_run.h"

#include "core/opt/heuristics.h"
#include "core/render/codegen_target.h"
#include "core/engine/device_beam.h"
#include "core/pipeline/device_split.h"
#include "core/pipeline/half_round_trip.h"
#include "core/pipeline/optimize.h"
#include "core/pipeline/rangeify.h"
#include "core/engine/schedule_cache.h"
#include "core/engine/device_registry.h"
#include "core/runtime/zero_filled.h"

#include <fmt/format.h>

#include <span>

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

// A program device's name on this run: the program's CPU:k are the run
// device's kind from its index on; other names stay.
Device& runDeviceFor(const Device& runDevice, const std::string& name) {
  std::string prefix = name.substr(0, name.find(':'));
  if (prefix != "CPU") return openDevice(name);
  size_t colon = name.find(':');
  int64_t k = colon == std::string::npos ? 0 : std::stoll(name.substr(colon + 1));
  return openDevice(deviceAfter(runDevice.name(), k));
}

// The device a kernel runs on: that of the first buffer it writes.
std::string homeDevice(const ScheduledKernel& k) {
  std::vector<KernelParam> params = kernelParams(k.ast);
  for (size_t i = 0; i < params.size() && i < k.buffers.size(); ++i)
    if (params[i].written) return k.buffers[i]->argAs<BufferArg>().device.names.at(0);
  return k.buffers.at(0)->argAs<BufferArg>().device.names.at(0);
}

// A Buffer's input: its given contents, or zeros.
HostTensor inputFor(const UOp& buffer, const BufferValues& given) {
  const BufferArg& arg = buffer.argAs<BufferArg>();
  auto g = given.find(arg.id);
  return g != given.end() ? g->second : HostTensor(buffer.dtype().base(), Shape{arg.size});
}

// The inputs for `roots`: those given, zeros for the other Buffers.
BufferValues inputsFor(const std::vector<UOpPtr>& roots, const BufferValues& given) {
  if (given.empty()) return zeroFilledInputs(roots);
  BufferValues out;
  for (const UOp* u : toposort(std::span<const UOpPtr>(roots)))
    if (u->op() == Op::Buffer && !out.count(u->argAs<BufferArg>().id))
      out.emplace(u->argAs<BufferArg>().id, inputFor(*u, given));
  return out;
}

// What a schedule's run tells the program: its outputs, kernel times and launches.
DeviceRun deviceRunOf(ScheduleRun&& run) {
  DeviceRun out;
  out.outputs = std::move(run.outputs);
  out.kernels = static_cast<int64_t>(run.kernels.size());
  out.times = std::move(run.kernels);
  out.launches = std::move(run.launches);
  out.timeline = std::move(run.timeline);
  return out;
}

// The plain path through the schedule cache: roots renumbered, their inputs
// by the canonical ids.
DeviceRun runCached(Device& device, const std::vector<UOpPtr>& roots, const std::optional<CodegenTarget>& target,
                    const RunSettings& settings) {
  CanonicalRoots canonical = canonicalBuffers(roots);
  std::shared_ptr<CachedSchedule> cached = cachedSchedule(device, target, canonical.roots);
  BufferValues inputs;
  for (size_t k = 0; k < canonical.buffers.size(); ++k)
    inputs.emplace(static_cast<int64_t>(k) + 1, inputFor(*canonical.buffers[k], settings.inputs));
  std::lock_guard lock(cached->running);
  ScheduleRun run = runPrepared(*cached->prepared, inputs, settings.repeat, settings.cancel, settings.variables);
  return deviceRunOf(std::move(run));
}

DeviceRun runSplit(Device& device, const std::vector<UOpPtr>& roots, const std::optional<CodegenTarget>& target,
                   const RunSettings& settings, KernelOpts opts) {
  DeviceSplit split = splitDevices(roots);
  if (settings.beam > 0) searchKernels(device, split.roots, *target, settings, opts);
  DeviceMap map = [&device](const std::string& name) -> Device& { return runDeviceFor(device, name); };
  // a kernel on a device of another kind (a mixed tuple) is lowered for that device's target
  auto kernelTarget = [&](const ScheduledKernel& k) -> std::optional<CodegenTarget> {
    const CodegenTarget* own = map(homeDevice(k)).target();
    if (!target || !own || own->device == target->device) return std::nullopt;
    CodegenTarget chosen = *own;
    chosen.heuristics = settings.heuristics;
    return chosen;
  };
  PipelineRun lowered = runPipeline(
      split.roots, {.trace = false, .target = target, .rangeify = {}, .kernelTarget = kernelTarget}, opts);
  MultiScheduleRun run = runMultiSchedule(device, map, lowered, inputsFor(split.roots, settings.inputs), settings.repeat);
  DeviceRun out;
  for (const DeviceSplit::Output& o : split.outputs) out.outputs.push_back(assembleOutput(o, run.outputs));
  out.kernels = static_cast<int64_t>(run.kernels.size());
  out.times = std::move(run.kernels);
  out.launches = std::move(run.launches);
  out.timeline = std::move(run.timeline);
  out.copies = static_cast<int64_t>(run.copies);
  out.devices = static_cast<int64_t>(run.devicesUsed);
  return out;
}

} // namespace

CodegenTarget runTarget(const Device& device, bool heuristics) {
  const CodegenTarget* target = device.target();
  if (!target) throw DeviceError(fmt::format("{} has no code generator", device.name()));
  CodegenTarget chosen = *target;
  chosen.heuristics = heuristics;
  return chosen;
}

DeviceRun runProgram(Device& device, const std::vector<UOpPtr>& programRoots, const RunSettings& settings) {
  // REF and a device split see the bound values; the other paths compile
  // kernels that take the variables as arguments, once for every value.
  const bool hasVariables = !settings.variables.empty();
  const bool bindFirst = hasVariables && (!device.runsKernels() || needsDeviceSplit(programRoots));
  const std::vector<UOpPtr> roots = bindFirst ? bindVariables(programRoots, settings.variables) : programRoots;
  if (!device.runsKernels()) {
    ReferenceEvaluator reference = zeroFilledEvaluator();
    for (const auto& [id, value] : settings.inputs) reference.setBuffer(id, value);
    DeviceRun out;
    // REF has no kernels: the half round trips a kernel would fold, it folds in the graph
    out.outputs = reference.evaluate(foldHalfRoundTrips(roots));
    return out;
  }
  std::optional<CodegenTarget> target;
  if (device.target()) target = runTarget(device, settings.heuristics);
  if (settings.beam > 0 && !target)
    throw DeviceError(fmt::format("{} has no code generator to search: BEAM needs a device with one", device.name()));
  KernelOpts opts = settings.opts;
  if (needsDeviceSplit(roots)) return runSplit(device, roots, target, settings, std::move(opts));
  if (settings.beam == 0 && opts.empty()) return runCached(device, roots, target, settings);
  // BEAM times its candidates with the bound values; the kernels it chose for
  // are then compiled with the variables as arguments.
  if (settings.beam > 0)
    searchKernels(device, hasVariables ? bindVariables(roots, settings.variables) : roots, *target, settings, opts);
  PipelineRun lowered = runPipeline(roots, {.trace = false, .target = target}, opts);
  ScheduleRun run =
      runSchedule(device, lowered, inputsFor(roots, settings.inputs), settings.repeat, settings.variables);
  return deviceRunOf(std::move(run));
}

} // namespace uops
