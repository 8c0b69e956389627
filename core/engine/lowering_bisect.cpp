#include "core/engine/lowering_bisect.h"

#include "core/engine/device_schedule.h"
#include "core/engine/program_run.h"
#include "core/engine/device.h"
#include "core/runtime/reference_check.h"

#include <fmt/format.h>

#include <limits>

namespace uops {
namespace {

// The failing stage of a run, as "Expand (E_4): message".
std::string loweringFailure(const PipelineRun& run) {
  const StageRecord& r = run.stages.back();
  return r.kernel.empty() ? fmt::format("{}: {}", r.stage, r.error)
                          : fmt::format("{} ({}): {}", r.stage, r.kernel, r.error);
}

// The schedule's time: each kernel's best over the runs, summed.
double bestTimeMs(const ScheduleRun& run) {
  double ms = 0;
  for (const KernelTimes& k : run.kernels)
    ms += k.minMs();
  return ms;
}

struct BisectProber {
  Device& device;
  const std::vector<UOpPtr>& roots;
  const CodegenTarget& target;
  const LoweringBisectOptions& options;
  const std::vector<ApplicationRange>& ranges;
  double baselineMs = -1; // limit 0's time, for --slower

  Probe operator()(size_t limit) {
    if (options.cancel && options.cancel->load()) throw PipelineCancelled();
    LoweringFilter filter{.limit = limit, .disabledRules = {}, .disabledApplications = {}, .ranges = ranges};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = target, .filter = &filter});
    if (run.failed()) return {ProbeVerdict::CannotLower, loweringFailure(run)};
    ScheduleRun ran;
    try {
      ran = runSchedule(device, run, {}, options.slowerPercent > 0 ? options.repeat : 1);
    } catch (const std::exception& e) {
      return {ProbeVerdict::CannotLower, fmt::format("its kernels do not run: {}", e.what())};
    }
    return options.slowerPercent > 0 ? timed(limit, bestTimeMs(ran)) : checked(ran);
  }

  Probe checked(const ScheduleRun& ran) const {
    ReferenceCheck check = checkAgainstReference(roots, {}, ran.outputs);
    if (check.status == ReferenceCheck::Status::Matched) return {ProbeVerdict::Good, check.message};
    if (check.status == ReferenceCheck::Status::Differs) return {ProbeVerdict::Bad, check.message};
    throw std::runtime_error(fmt::format("the reference check does not decide: {}", check.message));
  }

  Probe timed(size_t limit, double ms) {
    if (limit == 0) baselineMs = ms;
    if (baselineMs < 0) throw std::logic_error("bisection times limit 0 first");
    double percent = baselineMs > 0 ? (ms / baselineMs - 1) * 100 : 0;
    ProbeVerdict v = percent > options.slowerPercent ? ProbeVerdict::Bad : ProbeVerdict::Good;
    return {v, fmt::format("{:.4f} ms, {:+.1f}% against {:.4f} ms with no simplification", ms, percent, baselineMs)};
  }
};

} // namespace

LoweringBisect bisectLowering(Device& device, const std::vector<UOpPtr>& roots, const LoweringBisectOptions& options) {
  LoweringBisect out;
  CodegenTarget target = runTarget(device, true);
  out.traced = runPipeline(roots, {.trace = true, .target = target});
  if (out.traced.failed()) {
    out.search.message = fmt::format("the program does not lower: {}", loweringFailure(out.traced));
    return out;
  }
  std::vector<ApplicationRange> ranges = applicationRanges(out.traced);
  out.total = totalApplications(ranges);
  BisectProber prober{device, roots, target, options, ranges};
  if (options.slowerPercent > 0) prober(0); // the baseline before any other limit
  size_t probes = 0;
  out.search = bisectLimits(out.total, [&](size_t limit) {
    Probe p = prober(limit);
    if (options.progress) options.progress(++probes, limit, p);
    return p;
  });
  if (out.search.found) out.place = findApplication(out.traced, out.search.firstBad - 1);
  return out;
}

} // namespace uops
