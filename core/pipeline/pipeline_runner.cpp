#include "core/pipeline/pipeline_runner.h"

#include "core/pipeline/callify.h"
#include "core/pipeline/optimize.h"
#include "core/pipeline/rangeify.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>

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

struct KernelLowering {
  LoweredKernel kernel;
  std::vector<StageRecord> records; // one per codegen stage it ran; the last failed if one did
};

// Optimize to Render for one kernel, each stage into its record; stops at a failure.
KernelLowering lowerOne(const Schedule& schedule, size_t i, const CodegenTarget& target,
                        const KernelOpts& opts, bool trace) {
  KernelLowering out;
  out.kernel.current = schedule.kernels[i].ast;
  for (const CodegenStage& stage : codegenStages()) {
    LoweredKernel& k = out.kernel;
    StageRecord r{.stage = stage.name, .kernel = schedule.kernels[i].name, .kernelIndex = i,
                  .input = k.current};
    bool ok = runStage(r, trace, [&] {
      if (&stage == &codegenStages().front()) {
        auto given = opts.find(i);
        k = startLowering(k.current, target,
                          given == opts.end() ? std::nullopt
                                              : std::optional<std::vector<Opt>>(given->second));
      }
      stage.run(k);
      return k.current;
    });
    out.records.push_back(std::move(r));
    if (!ok) break;
  }
  return out;
}

// Every kernel of the schedule lowered: kernels are independent, so they are
// lowered on all cores (the trace listener is per thread), and a kernel equal
// to an earlier one (the same AST once Optimize has typed its ranges, and the
// same OptOps) is lowered once.
std::vector<KernelLowering> lowerKernels(const Schedule& schedule, const CodegenTarget& target,
                                         const KernelOpts& opts, bool trace) {
  size_t n = schedule.kernels.size();
  // kernels compare with their ranges typed and numbered as Optimize does
  // (Rangeify numbers ranges across the whole program); a traced run lowers
  // each kernel itself, so every trace steps through its own kernel's nodes
  std::vector<UOpPtr> typed(n);
  for (size_t i = 0; i < n; ++i) {
    if (trace) {
      typed[i] = schedule.kernels[i].call; // distinct per launch
      continue;
    }
    try {
      typed[i] = optimize(schedule.kernels[i].ast, target);
    } catch (const std::exception&) {
      typed[i] = schedule.kernels[i].ast; // its own lowering reports the error
    }
  }
  std::vector<size_t> firstEqual(n); // the earliest kernel with the same AST and OptOps
  std::vector<size_t> unique;
  for (size_t i = 0; i < n; ++i) {
    firstEqual[i] = i;
    auto given = opts.find(i);
    for (size_t u : unique) {
      auto other = opts.find(u);
      bool sameOpts = (given == opts.end()) == (other == opts.end()) &&
                      (given == opts.end() || given->second == other->second);
      if (typed[u] == typed[i] && sameOpts) {
        firstEqual[i] = u;
        break;
      }
    }
    if (firstEqual[i] == i) unique.push_back(i);
  }
  std::vector<KernelLowering> out(n);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t j = next++; j < unique.size(); j = next++)
      out[unique[j]] = lowerOne(schedule, unique[j], target, opts, trace);
  };
  size_t workers = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), unique.size());
  std::vector<std::thread> pool;
  for (size_t w = 1; w < workers; ++w) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  for (size_t i = 0; i < n; ++i) {
    if (firstEqual[i] == i) continue;
    out[i] = out[firstEqual[i]];
    for (StageRecord& r : out[i].records) {
      r.kernel = schedule.kernels[i].name;
      r.kernelIndex = i;
    }
    out[i].records.front().input = schedule.kernels[i].ast; // Optimize was given its own AST
  }
  return out;
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
  std::vector<KernelLowering> lowered = lowerKernels(run.schedule, *options.target, opts, options.trace);
  for (KernelLowering& k : lowered) run.kernels.push_back(std::move(k.kernel));
  // the records stage by stage, each stage over all kernels, up to the first failure
  for (size_t s = 0; s < codegenStages().size(); ++s)
    for (KernelLowering& k : lowered) {
      if (s >= k.records.size()) continue;
      run.stages.push_back(std::move(k.records[s]));
      if (run.stages.back().failed()) return run;
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
