// A kernel of several long reductions read consecutively along their axes
// but not along the output (argmax's max, then its index's; var's mean, then
// its squares; logsumexp's max, then its sum): every one gets four vectors of
// accumulators over consecutive elements (core/opt/heuristics.cpp), not only
// the last (argmax over rows of 4096 on 2 Zen 5 cores: 14.5 -> 1.7 ms, the
// max a scalar chain before). A short axis read consecutively inside longer
// reductions (a batch norm's mean over images, rows and columns of 28) is
// unrolled whole, the outputs not upcast (0.41 -> 0.11 ms). The exact OptOps on a 2-core AVX-512
// target and the numbers against the reference evaluator.
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

namespace {

QStringList wideSchedule(const Tensor& out) {
  return kernelsAndOpts(testsupport::wideRun(out));
}

} // namespace

class TestStreamedReductions : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void everyReductionGetsAccumulators() {
    QCOMPARE(wideSchedule(Tensor::empty({4096, 4096}).argmax(1)),
             QStringList{QStringLiteral(
                 "r_4096_4096_4096: Split(1, 64, UNROLL); Split(2, 64, UNROLL); Split(0, 16, THREAD)")});
    QCOMPARE(wideSchedule(Tensor::empty({4096, 4096}).logsumexp(1)),
             QStringList{QStringLiteral(
                 "r_4096_4096_4096: Split(1, 64, UNROLL); Split(2, 64, UNROLL); Split(0, 16, THREAD)")});
  }

  void shortRowsAreUnrolledWhole() {
    QCOMPARE(
        wideSchedule(Tensor::empty({64, 128, 28, 28}).mean({0, 2, 3})),
        QStringList{QStringLiteral("r_128_64_28_28: Split(3, 28, UNROLL); Split(0, 2, THREAD)")});
    // too few elements per output (7 x 7): the outputs' UPCAST
    QCOMPARE(wideSchedule(Tensor::empty({64, 512, 7, 7}).mean({2, 3})),
             QStringList{QStringLiteral("r_64_512_7_7: Split(1, 4, UPCAST); Split(0, 2, THREAD)")});
  }

  void resultsMatchTheReference() {
    const Tensor images = ramp(8 * 16, 28 * 28).reshape({8, 16, 28, 28});
    for (const Tensor& out : {ramp(64, 2048).argmax(1), ramp(64, 2048).logsumexp(1),
                              ramp(64, 2048).var(1), images.mean({0, 2, 3})}) {
      const std::vector<UOpPtr> roots{out.uop()};
      PipelineRun run = runPipeline(roots, {.trace = false});
      QVERIFY(!run.failed());
      const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-6, 1e-5);
      QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    }
  }
};

UOPSCOPE_TEST(TestStreamedReductions);
#include "test_streamed_reductions.moc"
