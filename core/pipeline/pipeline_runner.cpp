#include "core/pipeline/pipeline_runner.h"

#include "core/opt/kernel_ranges.h"
#include "core/pipeline/callify.h"
#include "core/pipeline/device_split.h"
#include "core/pipeline/kernel_remarks.h"
#include "core/pipeline/rangeify.h"
#include "core/remarks/remark_scope.h"
#include "core/rewrite/cancel.h"
#include "core/rewrite/substitute_step.h"
#include "core/runtime/small_pages.h"
#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <optional>

namespace uops {
namespace {

// Runs one stage into `record`: its result, its trace, or its error.
// A stage cancelled inside (cancel.h) fails with "cancelled"; the run then
// throws PipelineCancelled, as its flag is set.
// A filter skips the record's rule applications it names (lowering_filter.h).
template <class F>
bool runStage(StageRecord& record, bool trace, const std::atomic<bool>* cancel, const LoweringFilter* filter,
              F&& stage) {
  std::optional<TraceRecorder> recorder;
  if (trace) recorder.emplace();
  std::optional<RecordRewriteFilter> recordFilter;
  std::optional<ScopedRewriteFilter> filtering;
  if (filter) {
    recordFilter.emplace(*filter, record.stage, record.kernelIndex);
    filtering.emplace(&*recordFilter);
  }
  ScopedRewriteCancel cancellable(cancel);
  try {
    record.result = stage();
    // the stage's result as a step of its own, so a trace ends each stage on it
    if (record.result) traceSnapshot(record.stage, record.result);
  } catch (const RewriteCancelled&) {
    record.error = "cancelled";
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

// Progress and cancellation of one run, shared by the workers lowering its kernels.
class RunControl {
public:
  explicit RunControl(const PipelineOptions& options) : m_options(options) {}
  bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }
  const std::atomic<bool>* flag() const { return m_options.cancel; }
  bool remarks() const { return m_options.remarks; }
  const LoweringFilter* filter() const { return m_options.filter; }
  void throwIfCancelled() const {
    if (cancelled()) throw PipelineCancelled();
  }
  void setTotal(size_t total) { m_total = total; }
  // A stage starts: tells the listener, unless the run is cancelled (false).
  bool starting(const std::string& stage, const std::string& kernel = {}) {
    if (cancelled()) return false;
    size_t done = m_done++;
    if (m_options.progress) m_options.progress({.stage = stage, .kernel = kernel, .done = done, .total = m_total});
    return true;
  }
  // Steps that will not run (kernels lowered alike reuse an equal one's stages).
  void skip(size_t steps) { m_done += steps; }

private:
  const PipelineOptions& m_options;
  std::atomic<size_t> m_done{0};
  std::atomic<size_t> m_total{2};
};

// Codegen stages [first, last) of kernel i, each into its record; nothing after a failure.
void lowerStages(KernelLowering& out, const Schedule& schedule, size_t i, const CodegenTarget& target,
                 const KernelOpts& opts, bool trace, size_t first, size_t last, RunControl& control) {
  if (first == 0) out.kernel.current = schedule.kernels[i].ast;
  for (size_t s = first; s < last; ++s) {
    if (!out.records.empty() && out.records.back().failed()) return control.skip(last - s);
    const CodegenStage& stage = codegenStages()[s];
    LoweredKernel& k = out.kernel;
    // after Optimize the kernel has its final name; its Optimize record is renamed below
    const std::string& name = s == 0 ? schedule.kernels[i].name : k.name.text;
    if (!control.starting(stage.name, name)) return;
    StageRecord r{.stage = stage.name, .kernel = name, .kernelIndex = i, .input = k.current};
    runStage(r, trace, control.flag(), control.filter(), [&] {
      if (s == 0) {
        auto given = opts.find(i);
        k = startLowering(k.current, target,
                          given == opts.end() ? std::nullopt
                                              : std::optional<std::vector<Opt>>(given->second));
      }
      RemarkScope remarks(control.remarks() ? &k.remarks : nullptr);
      stage.run(k);
      return k.current;
    });
    if (s == 0 && !r.failed()) r.kernel = k.name.text;
    out.records.push_back(std::move(r));
  }
}

// The work left after Optimize, roughly: the kernel's nodes times the copies
// Expand will make of them.
size_t costAfterOptimize(const KernelLowering& k) {
  if (k.records.empty() || k.records.back().failed()) return 0;
  return toposort(*k.kernel.ast).size() * static_cast<size_t>(expansionOf(k.kernel.ast));
}

// Every kernel of the schedule lowered: kernels are independent, so they are
// lowered on all cores (the trace listener is per thread); after Optimize, a
// kernel equal to an earlier one (the same optimized AST and OptOps) is not
// lowered again.
std::vector<KernelLowering> lowerKernels(const Schedule& schedule, const std::vector<CodegenTarget>& targets,
                                         const KernelOpts& opts, bool trace, RunControl& control) {
  size_t n = schedule.kernels.size();
  std::vector<KernelLowering> out(n);
  parallelFor(n, [&](size_t i) { lowerStages(out[i], schedule, i, targets[i], opts, trace, 0, 1, control); });
  control.throwIfCancelled();
  // kernels whose Optimize made the same AST with the same OptOps lower alike
  // from there (Rangeify numbers ranges across the whole program, Optimize
  // per kernel); a traced run lowers each itself, so every trace steps
  // through its own kernel's nodes
  std::vector<size_t> firstEqual(n);
  std::vector<size_t> unique;
  for (size_t i = 0; i < n; ++i) {
    firstEqual[i] = i;
    const KernelLowering& k = out[i];
    bool optimized = !k.records.back().failed();
    for (size_t u : unique) {
      if (trace || control.filter() || !optimized || out[u].records.back().failed()) break;
      if (out[u].kernel.ast == k.kernel.ast && out[u].kernel.opts == k.kernel.opts &&
          out[u].kernel.target.device == k.kernel.target.device) {
        firstEqual[i] = u;
        break;
      }
    }
    if (firstEqual[i] == i) unique.push_back(i);
    else control.skip(codegenStages().size() - 1);
  }
  // the other stages largest first, so no core waits long at the end
  std::vector<std::pair<size_t, size_t>> order; // (cost, kernel)
  for (size_t u : unique) order.emplace_back(costAfterOptimize(out[u]), u);
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const size_t stages = codegenStages().size();
  parallelFor(order.size(), [&](size_t j) {
    size_t i = order[j].second;
    lowerStages(out[i], schedule, i, targets[i], opts, trace, 1, stages, control);
  });
  control.throwIfCancelled();
  for (size_t i = 0; i < n; ++i) {
    if (firstEqual[i] == i) continue;
    const KernelLowering& same = out[firstEqual[i]];
    KernelLowering& k = out[i];
    k.kernel = same.kernel; // its Optimize made the same AST: the same kernel from there
    for (size_t s = 1; s < same.records.size(); ++s) { // after its own Optimize record
      StageRecord r = same.records[s];
      r.kernelIndex = i;
      k.records.push_back(std::move(r));
    }
  }
  return out;
}

} // namespace

PipelineRun runPipeline(const std::vector<UOpPtr>& outputs, const PipelineOptions& options,
                        const KernelOpts& opts) {
  PipelineRun run;
  SmallPagesScope smallPages; // lowering's nodes: small pages (small_pages.h)
  RunControl control(options);
  if (!control.starting("Callify")) throw PipelineCancelled();
  // Callify's input: the outputs as one Tuple (the graph callify wraps)
  StageRecord callified{.stage = "Callify", .input = UOp::make(Op::Tuple, dtypes::void_, outputs)};
  // values on device tuples become per-device graphs first (device_split.h):
  // Callify's function is over one device's values per node
  bool ok = runStage(callified, options.trace, control.flag(), options.filter, [&] {
    if (!needsDeviceSplit(outputs)) return callify(outputs);
    UOpPtr inlined = inlineCallsForSplit(callified.input);
    std::vector<UOpPtr> split = splitInlinedDevices(inlined->src()).roots;
    recordWholeGraph("split devices", inlined, UOp::make(Op::Tuple, dtypes::void_, split));
    return callify(split);
  });
  run.stages.push_back(std::move(callified));
  control.throwIfCancelled();
  if (!ok) return run;
  if (!control.starting("Rangeify")) throw PipelineCancelled();
  StageRecord rangeified{.stage = "Rangeify", .input = run.stages.back().result};
  RangeifyOptions choices = options.rangeify;
  if (options.target) {
    RangeifyOptions wanted = rangeifyOptionsFor(*options.target);
    choices.rowFusion = choices.rowFusion && wanted.rowFusion;
    choices.packOperands = choices.packOperands && wanted.packOperands;
    choices.copyPaddedWindows = choices.copyPaddedWindows || wanted.copyPaddedWindows;
    if (!choices.convChannelBlock) choices.convChannelBlock = wanted.convChannelBlock;
  }
  ok = runStage(rangeified, options.trace, control.flag(), options.filter, [&] {
    RemarkScope remarks(options.remarks ? &run.remarks : nullptr);
    return rangeify(rangeified.input, choices);
  });
  run.stages.push_back(std::move(rangeified));
  control.throwIfCancelled();
  if (!ok) return run;
  run.schedule = scheduleOf(run.stages.back().result);
  placeFusionRemarks(run.remarks, run.schedule);
  if (!options.target) return run;
  std::vector<CodegenTarget> targets;
  for (const ScheduledKernel& k : run.schedule.kernels) {
    std::optional<CodegenTarget> own = options.kernelTarget ? options.kernelTarget(k) : std::nullopt;
    targets.push_back(own ? *own : *options.target);
  }
  control.setTotal(2 + run.schedule.kernels.size() * codegenStages().size());
  std::vector<KernelLowering> lowered = lowerKernels(run.schedule, targets, opts, options.trace, control);
  for (KernelLowering& k : lowered) {
    placeKernelRemarks(k.kernel.remarks, k.kernel, run.kernels.size());
    run.kernels.push_back(std::move(k.kernel));
  }
  // the records stage by stage, each stage over all kernels, up to the first failure
  for (size_t s = 0; s < codegenStages().size(); ++s)
    for (KernelLowering& k : lowered) {
      if (s >= k.records.size()) continue;
      run.stages.push_back(std::move(k.records[s]));
      if (run.stages.back().failed()) return run;
    }
  return run;
}

const std::string& PipelineRun::kernelName(size_t i) const {
  return i < kernels.size() && !kernels[i].name.text.empty() ? kernels[i].name.text : schedule.kernels.at(i).name;
}

std::vector<const StageRecord*> PipelineRun::records(const std::string& stage) const {
  std::vector<const StageRecord*> out;
  for (const StageRecord& r : stages)
    if (r.stage == stage) out.push_back(&r);
  return out;
}

} // namespace uops
