// The pipeline runner: kernels are lowered on worker threads and equal kernels
// once, yet the run reads as if every kernel went through every stage in turn:
// records stage by stage in schedule order, each kernel's own name, index and
// input, the same results with and without the trace, and a failure that ends
// the run at the first failing (stage, kernel) in that order.
#include "tests/support/test_registry.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/rewrite/listener.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <mutex>
#include <set>

using namespace uops;

namespace {

// Two row sums of different inputs (one kernel twice) and an elementwise
// kernel between them.
std::vector<UOpPtr> roots() {
  Tensor a = Tensor::empty({64, 32}), b = Tensor::empty({64, 32});
  return {a.sum({1}).uop(), (a * b).uop(), b.sum({1}).uop()};
}

QStringList stagesOf(const PipelineRun& run) {
  QStringList out;
  for (const StageRecord& r : run.stages)
    out << QString::fromStdString(r.stage + (r.kernel.empty() ? "" : " " + std::to_string(r.kernelIndex)));
  return out;
}

} // namespace

class TestPipelineRunner : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void recordsInStageOrder();
  void equalKernelsLowerAlike();
  void traceDoesNotChangeResults();
  void failureEndsAtTheFirstFailingStage();
  void rowFusionOnlyWhereLoopsRunInOrder();
  void packedOperandsOnlyWhereLoopsRunInOrder();
  void progressNamesEveryStageOfEveryKernel();
  void progressSkipsKernelsLoweredAlike();
  void cancelStopsBeforeTheNextStage();
  void cancelledBeforeStartLowersNothing();
  void cancelStopsInsideAStage();
};

void TestPipelineRunner::recordsInStageOrder() {
  PipelineRun run = runPipeline(roots(), {.trace = false, .target = cpuTarget()});
  QVERIFY(!run.failed());
  QCOMPARE(run.schedule.kernels.size(), size_t(3));
  QStringList want{QStringLiteral("Callify"), QStringLiteral("Rangeify")};
  for (const CodegenStage& stage : codegenStages())
    for (int k = 0; k < 3; ++k) want << QString::fromStdString(stage.name) + QStringLiteral(" %1").arg(k);
  QCOMPARE(stagesOf(run), want);
  for (const StageRecord& r : run.stages) {
    if (r.kernel.empty()) continue;
    QCOMPARE(r.kernel, run.schedule.kernels[r.kernelIndex].name);
    if (r.stage == "Optimize") QVERIFY(r.input == run.schedule.kernels[r.kernelIndex].ast);
  }
}

void TestPipelineRunner::equalKernelsLowerAlike() {
  PipelineRun run = runPipeline(roots(), {.trace = false, .target = cpuTarget()});
  QVERIFY(!run.failed());
  const Schedule& s = run.schedule;
  QCOMPARE(s.kernels[0].name, s.kernels[2].name);
  QVERIFY(run.kernels[0].linear == run.kernels[2].linear);
  QCOMPARE(run.kernels[0].rendered.text, run.kernels[2].rendered.text);
  QVERIFY(run.kernels[0].linear != run.kernels[1].linear);
}

void TestPipelineRunner::traceDoesNotChangeResults() {
  PipelineRun plain = runPipeline(roots(), {.trace = false, .target = cpuTarget()});
  PipelineRun traced = runPipeline(roots(), {.trace = true, .target = cpuTarget()});
  QCOMPARE(stagesOf(plain), stagesOf(traced));
  for (size_t k = 0; k < plain.kernels.size(); ++k) {
    QVERIFY(plain.kernels[k].linear == traced.kernels[k].linear);
    QCOMPARE(plain.kernels[k].rendered.text, traced.kernels[k].rendered.text);
  }
  // each traced kernel's steps start from its own AST
  for (const StageRecord& r : traced.stages)
    if (r.stage == "Optimize") QVERIFY(!r.steps.empty());
}

void TestPipelineRunner::failureEndsAtTheFirstFailingStage() {
  // OptOps that Optimize refuses for the last kernel only: the run ends there,
  // after the other kernels' Optimize records and before any later stage
  KernelOpts opts{{2, parseOpts("Split(0, 7, UPCAST)")}};
  PipelineRun run = runPipeline(roots(), {.trace = false, .target = cpuTarget()}, opts);
  QVERIFY(run.failed());
  QCOMPARE(stagesOf(run), (QStringList{QStringLiteral("Callify"), QStringLiteral("Rangeify"),
                                       QStringLiteral("Optimize 0"), QStringLiteral("Optimize 1"),
                                       QStringLiteral("Optimize 2")}));
  QVERIFY2(run.stages.back().error.find("does not divide") != std::string::npos, run.stages.back().error.c_str());
}

// A softmax is one kernel for the CPU (and a run that only schedules); for a
// GPU, whose work-items would each compute their row's max and sum again, its
// max and sum are kernels of their own, also when a run without a target
// lists a GPU run's kernels.
void TestPipelineRunner::rowFusionOnlyWhereLoopsRunInOrder() {
  std::vector<UOpPtr> softmax{Tensor::empty({64, 32}).softmax().uop()};
  QCOMPARE(runPipeline(softmax, {.trace = false}).schedule.kernels.size(), size_t{1});
  QCOMPARE(runPipeline(softmax, {.trace = false, .target = std::nullopt}).schedule.kernels.size(), size_t{1});
  QCOMPARE(runPipeline(softmax, {.trace = false, .target = openClTarget("CL:0")}).schedule.kernels.size(), size_t{3});
  QCOMPARE(runPipeline(softmax, {.trace = false, .target = std::nullopt, .rangeify = {.rowFusion = false}}).schedule.kernels.size(),
           size_t{3});
}

// A matmul whose B is large and reused gets a packed copy of B (a kernel of its
// own) for the CPU; a GPU's work-items read B's rows side by side already.
void TestPipelineRunner::packedOperandsOnlyWhereLoopsRunInOrder() {
  std::vector<UOpPtr> mm{Tensor::empty({64, 512}).matmul(Tensor::empty({512, 512})).uop()};
  QCOMPARE(runPipeline(mm, {.trace = false}).schedule.kernels.size(), size_t{2});
  QCOMPARE(runPipeline(mm, {.trace = false, .target = openClTarget("CL:0")}).schedule.kernels.size(), size_t{1});
  QCOMPARE(runPipeline(mm, {.trace = false, .target = std::nullopt, .rangeify = {.packOperands = false}}).schedule.kernels.size(),
           size_t{1});
}

namespace {

// Every progress report of a run, from whichever worker made it.
struct Reports {
  std::mutex mutex;
  std::vector<PipelineProgress> seen;
  std::function<void(const PipelineProgress&)> listener() {
    return [this](const PipelineProgress& p) {
      std::lock_guard lock(mutex);
      seen.push_back(p);
    };
  }
};

} // namespace

void TestPipelineRunner::progressNamesEveryStageOfEveryKernel() {
  Reports reports;
  // traced, every kernel goes through every stage itself
  PipelineRun run = runPipeline(roots(), {.trace = true, .target = cpuTarget(), .progress = reports.listener()});
  QVERIFY(!run.failed());
  const size_t total = 2 + 3 * codegenStages().size();
  QCOMPARE(reports.seen.size(), total);
  QCOMPARE(reports.seen[0].stage, std::string("Callify"));
  QCOMPARE(reports.seen[0].total, size_t(2)); // the kernels are not known yet
  QCOMPARE(reports.seen[1].stage, std::string("Rangeify"));
  std::set<size_t> done;
  std::set<std::pair<std::string, std::string>> stages;
  for (size_t i = 2; i < reports.seen.size(); ++i) {
    const PipelineProgress& p = reports.seen[i];
    QCOMPARE(p.total, total);
    done.insert(p.done);
    stages.insert({p.stage, p.kernel});
  }
  QCOMPARE(done.size(), total - 2); // each step counted once
  QCOMPARE(*done.begin(), size_t(2));
  QCOMPARE(*done.rbegin(), total - 1);
  for (const StageRecord& r : run.stages)
    if (!r.kernel.empty()) QVERIFY(stages.count({r.stage, r.kernel}));
}

void TestPipelineRunner::progressSkipsKernelsLoweredAlike() {
  Reports reports;
  PipelineRun run = runPipeline(roots(), {.trace = false, .target = cpuTarget(), .progress = reports.listener()});
  QVERIFY(!run.failed());
  // kernel 2 is kernel 0 after Optimize: its later stages are not run, but counted done
  const size_t stages = codegenStages().size();
  QCOMPARE(reports.seen.size(), 2 + 3 + 2 * (stages - 1));
  for (const PipelineProgress& p : reports.seen) QVERIFY(p.done < p.total);
}

void TestPipelineRunner::cancelStopsBeforeTheNextStage() {
  std::atomic<bool> cancel{false};
  std::atomic<int> afterCancel{0};
  PipelineOptions options{.trace = false, .target = cpuTarget()};
  options.cancel = &cancel;
  options.progress = [&](const PipelineProgress& p) {
    if (cancel) ++afterCancel;
    if (p.stage == "Expand") cancel = true;
  };
  QVERIFY_THROWS_EXCEPTION(PipelineCancelled, runPipeline(roots(), options));
  // a worker already past its check when the flag was set may report its
  // stage (at most one per other kernel); none starts after that
  QVERIFY(afterCancel <= 2);
}

void TestPipelineRunner::cancelledBeforeStartLowersNothing() {
  std::atomic<bool> cancel{true};
  int reports = 0;
  PipelineOptions options{.trace = false, .target = cpuTarget()};
  options.cancel = &cancel;
  options.progress = [&](const PipelineProgress&) { ++reports; };
  QVERIFY_THROWS_EXCEPTION(PipelineCancelled, runPipeline(roots(), options));
  QCOMPARE(reports, 0);
}

namespace {

// Counts the graphRewrite calls of this thread.
struct StepCounter final : RewriteListener {
  int steps = 0;
  void stepBegin(const RewriteStepInfo&, const UOpPtr&) override { ++steps; }
  void ruleFired(const Rule&, const UOpPtr&, const UOpPtr&) override {}
  void ruleThrew(const Rule&, const UOpPtr&) override {}
  void stepEnd(const UOpPtr&, std::string_view) override {}
};

// A chain of 400 elementwise steps: thousands of nodes for Rangeify.
std::vector<UOpPtr> longChain() {
  Tensor x = Tensor::empty({8, 8});
  for (int i = 0; i < 400; ++i) x = (x * (1.0 + i * 0.001) + i * 0.5).relu();
  return {x.uop()};
}

} // namespace

// The flag set as Rangeify starts: its first big rewrite stops (cancel.h),
// where before the whole stage ran and the run stopped after it.
void TestPipelineRunner::cancelStopsInsideAStage() {
  StepCounter whole;
  {
    ScopedRewriteListener listen(&whole);
    runPipeline(longChain(), {.trace = false});
  }
  std::atomic<bool> cancel{false};
  PipelineOptions options{.trace = false};
  options.cancel = &cancel;
  options.progress = [&](const PipelineProgress& p) {
    if (p.stage == "Rangeify") cancel = true;
  };
  StepCounter cancelled;
  {
    ScopedRewriteListener listen(&cancelled);
    QVERIFY_THROWS_EXCEPTION(PipelineCancelled, runPipeline(longChain(), options));
  }
  // Callify's few steps and Rangeify's first (4 of 25 here; 13 without the check inside)
  QVERIFY2(cancelled.steps <= whole.steps / 4, qPrintable(QStringLiteral("%1 rewrite steps after a cancel, %2 in a whole run")
                                                          .arg(cancelled.steps)
                                                          .arg(whole.steps)));
}

UOPSCOPE_TEST(TestPipelineRunner);
#include "test_pipeline_runner.moc"
