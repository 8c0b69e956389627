#include "core/pipeline/pipeline_runner.h"

#include "core/pipeline/callify.h"
#include "core/pipeline/rangeify.h"

#include <optional>

namespace uops {
namespace {

// Runs one stage into `record`: its result, its trace, or its error.
template <class F> bool runStage(StageRecord& record, bool trace, F&& stage) {
  std::optional<TraceRecorder> recorder;
  if (trace) recorder.emplace();
  try {
    record.result = stage();
    // the stage's result as a step of its own, so a trace ends each stage on it
    if (record.result) traceSnapshot(record.stage, record.result);
  } catch (const std::exception& e) {
    record.error = e.what();
  }
  if (recorder) record.steps = recorder->takeSteps();
  if (record.error.empty() && !record.result) record.error = "the stage produced nothing";
  return !record.failed();
}

} // namespace

PipelineRun runPipeline(const std::vector<UOpPtr>& outputs, const PipelineOptions& options,
                        const KernelOpts& opts) {
  PipelineRun run;
  StageRecord callified{.stage = "Callify"};
  bool ok = runStage(callified, options.trace, [&] { return callify(outputs); });
  run.stages.push_back(std::move(callified));
  if (!ok) return run;
  StageRecord rangeified{.stage = "Rangeify", .input = run.stages.back().result};
  ok = runStage(rangeified, options.trace, [&] { return rangeify(rangeified.input); });
  run.stages.push_back(std::move(rangeified));
  if (!ok) return run;
  run.schedule = scheduleOf(run.stages.back().result);
  if (!options.target) return run;
  for (const ScheduledKernel& k : run.schedule.kernels) {
    LoweredKernel lowered;
    lowered.current = k.ast;
    run.kernels.push_back(std::move(lowered));
  }
  for (const CodegenStage& stage : codegenStages()) {
    for (size_t i = 0; i < run.kernels.size(); ++i) {
      LoweredKernel& k = run.kernels[i];
      StageRecord r{.stage = stage.name, .kernel = run.schedule.kernels[i].name, .kernelIndex = i,
                    .input = k.current};
      ok = runStage(r, options.trace, [&] {
        if (&stage == &codegenStages().front()) {
          auto given = opts.find(i);
          k = startLowering(k.current, *options.target,
                            given == opts.end() ? std::nullopt
                                                        : std::optional<std::vector<Opt>>(given->second));
        }
        stage.run(k);
        return k.current;
      });
      run.stages.push_back(std::move(r));
      if (!ok) return run;
    }
  }
  return run;
}

std::vector<const StageRecord*> PipelineRun::records(const std::string& stage) const {
  std::vector<const StageRecord*> out;
  for (const StageRecord& r : stages)
    if (r.stage == stage) out.push_back(&r);
  return out;
}

} // namespace uops
