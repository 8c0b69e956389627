// Every codegen stage up to Instruction Selection keeps a kernel's meaning:
// the schedule is run by the kernel interpreter with the kernel's AST as
// Optimize, Expand and Instruction Selection left it (OptOps applied,
// ranges expanded, instructions selected) and compared with the reference
// evaluator on the tensor graph. A wrong rewrite shows up at the stage that
// made it.
#include "tests/support/test_registry.h"
#include "core/engine/kernel_interpreter.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/ir/graph_walk.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <cmath>

#include <fmt/format.h>

using namespace uops;

namespace {

// The first difference between the interpreted schedule (kernel `k` replaced
// by `ast`) and the reference, or "".
std::string compare(const Schedule& schedule, size_t k, const UOpPtr& ast, const std::vector<UOpPtr>& roots) {
  const UOpPtr& call = schedule.kernels.at(k).call;
  UOpList src = call->src();
  src[0] = ast;
  NodeSubst subst{{call.get(), call->withSrc(std::move(src))}};
  std::vector<HostTensor> got = evaluateSchedule(substitute(schedule.linear, subst));
  std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
  for (size_t i = 0; i < want.size(); ++i)
    for (int64_t e = 0; e < want[i].numel(); ++e) {
      double g = got.at(i).getDouble(e), w = want[i].getDouble(e);
      if (std::fabs(g - w) > 1e-5 + 1e-4 * std::fabs(w))
        return fmt::format("output {} element {}: got {}, expected {}", i, e, g, w);
    }
  return {};
}

void checkStages(const std::vector<UOpPtr>& roots, size_t kernel, const std::string& opts) {
  PipelineRun run = runPipeline(roots, {.trace = false, .target = cpuTarget()}, {{kernel, parseOpts(opts)}});
  QVERIFY2(!run.failed(), run.failed() ? run.stages.back().error.c_str() : "");
  for (const char* stage : {"Optimize", "Expand", "Instruction Selection"}) {
    const StageRecord* record = nullptr;
    for (const StageRecord* r : run.records(stage))
      if (r->kernelIndex == kernel) record = r;
    QVERIFY(record);
    std::string diff = compare(run.schedule, kernel, record->result, roots);
    QVERIFY2(diff.empty(), fmt::format("after {} with {}: {}", stage, opts, diff).c_str());
  }
}

} // namespace

class TestStageSemantics : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // a row's max times its sum of squares, summed over rows: the outer sum
  // reads each inner reduction once, so they nest in its loop (the values,
  // 0.001 * arange, are data that changes along the sums)
  void upcastOverNestedReduces_data() {
    QTest::addColumn<QString>("opts");
    QTest::newRow("upcast 2") << "Split(0, 2, UPCAST)";
    QTest::newRow("upcast 4") << "Split(0, 4, UPCAST)";
    QTest::newRow("upcast 8") << "Split(0, 8, UPCAST)";
    QTest::newRow("unroll 4") << "Split(2, 4, UNROLL)";
    QTest::newRow("upcast 4, unroll 3") << "Split(0, 4, UPCAST); Split(3, 4, UNROLL)";
  }
  void upcastOverNestedReduces() {
    QFETCH(QString, opts);
    Tensor data = (Tensor::arange(int64_t{64 * 12 * 16}).cast(dtypes::float32) * 0.001).reshape({64, 12, 16});
    Tensor a = data.max({2}) * (data * data).sum({2});
    checkStages({a.sum({1}).uop()}, 0, opts.toStdString());
  }

  // TC's tile: the interpreter runs the Wmma of gathered tiles after Expand
  // and Instruction Selection (as LLVM's matrix multiply would compute it)
  void tensorCoreTile_data() {
    QTest::addColumn<QString>("opts");
    QTest::newRow("tc") << "TC(2)";
    QTest::newRow("tc, thread") << "TC(2); Split(0, 2, THREAD)";
    QTest::newRow("tc, loop order") << "TC(2); Swap(0, 1)";
  }
  void tensorCoreTile() {
    QFETCH(QString, opts);
    Tensor a = (Tensor::arange(int64_t{16 * 32}).reshape({16, 32}).cast(dtypes::float32) * 0.01).sin();
    Tensor b = (Tensor::arange(int64_t{32 * 24}).reshape({32, 24}).cast(dtypes::float32) * 0.02).cos();
    // the sines are computed once, in kernels of their own: the matmul is the last kernel
    std::vector<UOpPtr> roots{a.matmul(b).uop()};
    size_t last = runPipeline(roots, {.trace = false, .target = std::nullopt}).schedule.kernels.size() - 1;
    checkStages(roots, last, opts.toStdString());
  }
};

UOPSCOPE_TEST(TestStageSemantics);
#include "test_stage_semantics.moc"
