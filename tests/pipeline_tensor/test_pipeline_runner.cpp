// The pipeline runner: kernels are lowered on worker threads and equal kernels
// once, yet the run reads as if every kernel went through every stage in turn:
// records stage by stage in schedule order, each kernel's own name, index and
// input, the same results with and without the trace, and a failure that ends
// the run at the first failing (stage, kernel) in that order.
#include "core/pipeline/pipeline_runner.h"
#include "core/tensor/tensor.h"

#include <QTest>

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
  QCOMPARE(run.kernels[0].llvm.source, run.kernels[2].llvm.source);
  QVERIFY(run.kernels[0].linear != run.kernels[1].linear);
}

void TestPipelineRunner::traceDoesNotChangeResults() {
  PipelineRun plain = runPipeline(roots(), {.trace = false, .target = cpuTarget()});
  PipelineRun traced = runPipeline(roots(), {.trace = true, .target = cpuTarget()});
  QCOMPARE(stagesOf(plain), stagesOf(traced));
  for (size_t k = 0; k < plain.kernels.size(); ++k) {
    QVERIFY(plain.kernels[k].linear == traced.kernels[k].linear);
    QCOMPARE(plain.kernels[k].llvm.source, traced.kernels[k].llvm.source);
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

QTEST_GUILESS_MAIN(TestPipelineRunner)
#include "test_pipeline_runner.moc"
