// A matmul whose operands are both read along the reduction (a @ b.T: each
// output the dot product of two rows; attention's q @ k.T) packs the operand
// that varies along the innermost output axis into panels, as it packs a
// plain b (core/pipeline/rangeify_pack.cpp), so the matmul's tile reads
// vectors of it (1024^3: 71 -> 4.4 ms on 2 Zen 5 cores). The schedule's
// kernels and OptOps on a 2-core AVX-512 target, the operands left alone
// where they stay in the caches, and the numbers against the reference
// evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/ramp_tensor.h"
#include "tests/support/reference_match.h"

#include "core/pipeline/codegen.h"
#include "core/tensor/tensor.h"

#include <QStringList>
#include <QTest>

using namespace uops;
using testsupport::kernelsAndOpts;
using testsupport::ramp;
using testsupport::twoCoreCpu;
using testsupport::wideRun;

class TestTransposedOperand : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // b.T packed into panels of 16 columns (a copy into transposed order), then
  // the matmul's 64 x 4 tile as for a @ b
  void packedLikeAPlainB() {
    PipelineRun run = wideRun(Tensor::empty({1024, 1024}).matmul(Tensor::empty({1024, 1024}).T()));
    QVERIFY(!run.failed());
    QCOMPARE(
        kernelsAndOpts(run),
        (QStringList{
            QStringLiteral(
                "E_64_1024_16: Split(2, 16, UPCAST); Split(1, 4, UPCAST); Split(0, 2, THREAD)"),
            QStringLiteral(
                "r_1024_1024_1024: Split(1, 64, UPCAST); Split(0, 4, UPCAST); Swap(0, 1); "
                "Split(1, 2, THREAD)")}));
  }

  // small enough to stay in the caches (attention's 64-wide heads), or read
  // by few rows: no copy
  void smallOrFewRowsStayUnpacked() {
    QCOMPARE(wideRun(Tensor::empty({8, 512, 64}).matmul(Tensor::empty({8, 512, 64}).transpose(1, 2))).schedule.kernels.size(),
             size_t{1});
    QCOMPARE(wideRun(Tensor::empty({4, 1024}).matmul(Tensor::empty({1024, 1024}).T())).schedule.kernels.size(),
             size_t{1});
  }

  void resultsMatchTheReference() {
    const std::vector<UOpPtr> roots{ramp(64, 512, 0.37).matmul(ramp(512, 512, 0.61).T()).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(512)});
    QVERIFY(!run.failed());
    QCOMPARE(run.schedule.kernels.size(), size_t{4}); // the two ramps, the packed copy, the matmul
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-4, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestTransposedOperand);
#include "test_transposed_operand.moc"
