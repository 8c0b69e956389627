// The pieces of a concatenation that sum are realized first, each a kernel of
// its own (core/pipeline/rangeify_cat_pieces.cpp): the schedule of two
// convolutions of one input joined by cat (an Add of Pads) and by an
// equal-length cat (a Stack), small pieces left fused, and the numbers
// against the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/reference_match.h"

#include "core/nn/conv.h"
#include "core/tensor/tensor.h"

#include <QStringList>
#include <QTest>

using namespace uops;
using testsupport::twoCoreCpu;

namespace {

QStringList kernelNames(const Tensor& out) {
  PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(512)});
  QStringList names;
  for (const ScheduledKernel& k : run.schedule.kernels) names << QString::fromStdString(k.name);
  return names;
}

// An Inception-like pair of branches of 192 channels of 35 x 35
Tensor images() { return Tensor::empty({1, 192, 35, 35}); }

} // namespace

class TestCatPieces : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // 64 1x1 filters and 96 3x3 ones (a cat of unequal pieces: an Add of
  // Pads), or 64 of each (a Stack): each convolution its own kernel (the
  // 3x3 with its packed filters and channels-innermost input), the join an
  // elementwise copy; fused, one kernel ran both reductions under the gates
  // of their slices (r_2_35_20_1_192_192_3_3_4_35, 2.8 s against 1.3 ms)
  void piecesAreKernelsOfTheirOwn_data() {
    QTest::addColumn<int>("filters");
    QTest::newRow("padded pieces") << 96;
    QTest::newRow("stacked pieces") << 64;
  }
  void piecesAreKernelsOfTheirOwn() {
    QFETCH(int, filters);
    const Tensor a = conv2d(images(), Tensor::empty({64, 192, 1, 1})).relu();
    const Tensor b = conv2d(images(), Tensor::empty({filters, 192, 3, 3}), {.padding = 1}).relu();
    const QStringList names = kernelNames(a.cat({b}, 1));
    QCOMPARE(names.size(), 5);
    QCOMPARE(names.filter(QStringLiteral("r_")).size(), 2);
    QVERIFY2(names.last().startsWith(QStringLiteral("E_")), qPrintable(names.join(QStringLiteral(", "))));
  }

  // pieces under 4096 elements (an RNN's hidden state beside its input) stay
  // in the join's kernel, as do pieces that sum nothing
  void smallOrPlainPiecesStayFused() {
    const Tensor h = Tensor::empty({4, 64}).matmul(Tensor::empty({64, 64}));
    QCOMPARE(kernelNames(h.cat({Tensor::empty({4, 32}).exp()}, 1)).size(), 1);
    const Tensor big = Tensor::empty({64, 256}).exp();
    QCOMPARE(kernelNames(big.cat({Tensor::empty({64, 128}).sin()}, 1)).size(), 1);
  }

  // the realized pieces and their join compute what the reference evaluator does
  void resultsMatchTheReference() {
    Tensor x = (Tensor::arange(int64_t{2 * 16 * 12 * 12}).cast(dtypes::float32) * 0.37).sin().reshape({2, 16, 12, 12});
    auto filters = [](int64_t out, int64_t k, double f) {
      return (Tensor::arange(out * 16 * k * k).cast(dtypes::float32) * f).cos().reshape({out, 16, k, k}).contiguous();
    };
    x = x.contiguous();
    const Tensor a = conv2d(x, filters(16, 1, 0.61)).relu();
    const Tensor b = conv2d(x, filters(24, 3, 0.43), {.padding = 1});
    const Tensor c = conv2d(x, filters(16, 3, 0.29), {.padding = 1}).sigmoid();
    const std::vector<UOpPtr> roots{a.cat({b, c}, 1).uop(), a.cat({c}, 1).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(512)});
    QVERIFY(!run.failed());
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-5, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestCatPieces);
#include "test_cat_pieces.moc"
