// Matmuls on an AVX-512 target (core/opt/wide_matmul_rules.h): the register
// tile chosen as a whole among columns x rows, the columns padded to whole
// vectors over the packed panels' zeros, the rows padded to whole tiles per
// core, a smaller tile where a fused epilogue leaves no budget for the
// largest. The schedules' OptOps and the numbers against the reference
// evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"
#include "tests/support/cpu_targets.h"

#include "core/pipeline/codegen.h"
#include "core/tensor/tensor.h"

#include <QStringList>
#include <QTest>

using namespace uops;
using testsupport::kernelsAndOpts;
using testsupport::twoCoreCpu;

namespace {

// The OptOps of the run's last kernel (the matmul), as "name: opts".
QString lastKernel(const Tensor& out) {
  PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(512)});
  return run.failed() ? QStringLiteral("failed") : kernelsAndOpts(run).last();
}

// m x k @ k x n of smooth values (sums in another order stay close)
Tensor smoothMatmul(int64_t m, int64_t k, int64_t n) {
  Tensor a = (Tensor::arange(m * k).cast(dtypes::float32) * 0.37).sin().reshape({m, k});
  Tensor b = (Tensor::arange(k * n).cast(dtypes::float32) * 0.61).cos().reshape({k, n});
  return a.contiguous().matmul(b.contiguous());
}

} // namespace

class TestWideMatmulTiles : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // 333 columns (21 panels, the last padded with zeros): three vectors by 4
  // rows, the 999 rows padded to whole tiles for both cores; 1000 columns
  // (63 panels) likewise, the rows whole; a 1024 gemm keeps four vectors
  // by 4 rows
  void uneven_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("expected");
    QTest::newRow("999 x 512 @ 512 x 333")
        << 999 << 512 << 333
        << QStringLiteral("r_999_333_512: Padto(1, 16); Split(1, 48, UPCAST); Padto(0, 8); "
                          "Split(0, 4, UPCAST); "
                          "Split(0, 2, THREAD)");
    QTest::newRow("1000 x 1000 @ 1000 x 1000")
        << 1000 << 1000 << 1000
        << QStringLiteral(
               "r_1000_1000_1000: Padto(1, 16); Split(1, 48, UPCAST); Split(0, 4, UPCAST); "
               "Swap(0, 1); Split(1, 2, THREAD)");
    QTest::newRow("1024 x 1024 @ 1024 x 1024")
        << 1024 << 1024 << 1024
        << QStringLiteral(
               "r_1024_1024_1024: Split(1, 64, UPCAST); Split(0, 4, UPCAST); Swap(0, 1); "
               "Split(1, 2, THREAD)");
  }
  void uneven() {
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(int, n);
    QFETCH(QString, expected);
    QCOMPARE(lastKernel(Tensor::empty({m, k}).matmul(Tensor::empty({k, n}))), expected);
  }

  // gelu fused after the 256 x 768 @ 768 x 3072: 64 x 4 copies of it are
  // over the kernel's node budget, so 32 x 4 (the generic tile had taken 64
  // columns by one row)
  void epilogueTakesASmallerTile() {
    const Tensor out = Tensor::empty({256, 768}).matmul(Tensor::empty({768, 3072})).gelu();
    QCOMPARE(lastKernel(out),
             QStringLiteral("r_256_3072_768: Split(1, 32, UPCAST); Split(0, 4, UPCAST); "
                            "Swap(0, 1); Split(1, 2, THREAD)"));
  }

  // a kernel of fewer than 2^20 iterations keeps the generic tile (its
  // compile is what the user waits for)
  void smallKernelKeepsTheGenericTile() {
    QCOMPARE(lastKernel(Tensor::empty({40, 64}).matmul(Tensor::empty({64, 70}))),
             QStringLiteral("r_40_70_64: Split(0, 8, UPCAST); Split(1, 2, THREAD)"));
  }

  // padded columns (70 -> 80) and padded rows (127 -> 128) compute what the
  // reference evaluator does
  void paddedTilesMatchTheReference() {
    const std::vector<UOpPtr> roots{smoothMatmul(127, 200, 70).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(512)});
    QVERIFY(!run.failed());
    QCOMPARE(
        kernelsAndOpts(run).last(),
        QStringLiteral(
            "r_127_70_200: Padto(1, 16); Split(1, 16, UPCAST); Padto(0, 16); Split(0, 8, UPCAST); "
            "Split(0, 2, THREAD)"));
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-4, 1e-5);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestWideMatmulTiles);
#include "test_wide_matmul_tiles.moc"
