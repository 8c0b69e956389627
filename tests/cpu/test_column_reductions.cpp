// Reductions down rows that their loads read a row apart while reading the
// outputs consecutively (x.sum(axis=0), x.max(axis=0), a mean over a middle
// axis): the CPU heuristics upcast the innermost output axis by up to four
// vectors, so each step reads whole lines of a row (core/opt/heuristics.cpp);
// so does a sliding window read consecutively along both (cumsum's windows).
// The exact OptOps, the results against the kernel interpreter, and the
// schedules of reductions along rows, which keep theirs.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/ramp_tensor.h"
#include "tests/support/reference_match.h"
#include "tests/support/kernel_ast.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

// out[b, j] = op over i of a[b, i, j] (a: batches x rows x cols)
UOpPtr reduceColumns(Op op, int64_t batches, int64_t rows, int64_t cols) {
  UOpPtr b = range(batches, 0), j = range(cols, 1), i = range(rows, 2, AxisType::Reduce);
  UOpPtr value = reduceOver(load(buf(1, dtypes::float32, batches * rows * cols), (b * rows + i) * cols + j), op, {i});
  return sink({end(store(buf(0, dtypes::float32, batches * cols), b * cols + j, value), {b, j})});
}

} // namespace

class TestColumnReductions : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // four vectors of columns a step (sum over 4096 rows of 4096: 15.9 ms by
  // 4, 1.25 by 64 on 2 Zen 5 cores)
  void columnSumsTakeFourVectors() {
    QCOMPARE(cpuschedule::heuristicOptsText(reduceColumns(Op::Add, 1, 4096, 4096)),
             QStringLiteral("Split(1, 64, UPCAST); Split(2, 4, UNROLL); Split(1, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(reduceColumns(Op::Max, 64, 1024, 256)),
             QStringLiteral("Split(1, 64, UPCAST); Split(2, 4, UNROLL); Split(0, 2, THREAD)"));
    // 48 columns: three vectors do not divide, one does
    QCOMPARE(cpuschedule::heuristicOptsText(reduceColumns(Op::Add, 64, 1024, 48)),
             QStringLiteral("Split(1, 16, UPCAST); Split(2, 4, UNROLL); Split(0, 2, THREAD)"));
  }

  // with AVX2, four vectors of 8
  void avx2TakesFourOfItsVectors() {
    QCOMPARE(cpuschedule::heuristicOptsText(reduceColumns(Op::Add, 1, 4096, 4096),
                                            cpuschedule::narrowTarget()),
             QStringLiteral("Split(1, 32, UPCAST); Split(2, 4, UNROLL); Split(1, 2, THREAD)"));
  }

  // a row's sum reads along its reduction: not a column reduction
  void rowSumsKeepTheirSchedule() {
    QCOMPARE(cpuschedule::heuristicOptsText(reduceRows(Op::Add, dtypes::float32, 4096, 12)),
             QStringLiteral("Split(0, 4, UPCAST); Split(1, 4, UNROLL)"));
  }

  // cumsum's windows of 256 over rows of 1024 (12.3 -> 2.25 ms by 64)
  void slidingWindowsTakeFourVectors() {
    const QStringList kernels =
        testsupport::kernelsAndOpts(testsupport::wideRun(Tensor::empty({1024, 1024}).cumsum(1)));
    QVERIFY(!kernels.isEmpty());
    QCOMPARE(
        kernels.front(),
        QStringLiteral(
            "r_1024_4_256_256: Split(2, 64, UPCAST); Split(3, 4, UNROLL); Split(0, 2, THREAD)"));
    const std::vector<UOpPtr> roots{testsupport::ramp(64, 1024).cumsum(1).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false});
    QVERIFY(!run.failed());
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-4, 1e-5);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  void resultsMatchTheInterpreter() {
    QCOMPARE(cpuschedule::mismatchWithInterpreter(reduceColumns(Op::Add, 1, 512, 1024)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(reduceColumns(Op::Max, 8, 64, 256)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(reduceColumns(Op::Add, 4, 33, 48)), QString());
  }
};

UOPSCOPE_TEST(TestColumnReductions);
#include "test_column_reductions.moc"
