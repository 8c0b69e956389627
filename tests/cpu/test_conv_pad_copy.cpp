// A padded convolution on an AVX2 target whose output channels are not whole
// blocks of 8 (whole blocks pack their filters and copy the input channels
// innermost: tests/cpu/test_conv_channel_tiles.cpp) reads its input from a
// copy made with the padding (core/pipeline/rangeify_pad_copy.cpp): the schedule's
// kernels, the convolution's OptOps (no gates, so the input channels' loop
// stays outside the window's), its hot loop in Zen 3 machine code, and the
// numbers against the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/zen5_loop.h"

#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/nn/conv.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QStringList>
#include <QTest>

#include <cmath>

using namespace uops;
using testsupport::kernelsAndOpts;
using testsupport::twoCoreCpu;

namespace {

Tensor benchImages() { return Tensor::empty({16, 64, 56, 56}); }
// the bench's conv2d_3x3 but for 60 filters (not whole blocks of 8)
Tensor benchFilters() { return Tensor::empty({60, 64, 3, 3}); }

} // namespace

class TestConvPadCopy : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the bench's conv2d_3x3 with 60 filters: the padded images copied (58 x 58), then the
  // convolution with the AVX2 tile for rows of whole vectors (one vector of
  // columns by two rows by 4 channels, none padded; the rows' loop outside
  // the channels'), its reductions in their own order, the input channels
  // outermost (gated, the window's loops went outside them and the row was
  // padded to 64: tests/cpu/test_conv_avx2.cpp)
  void benchConvolutionSchedule() {
    const std::vector<UOpPtr> roots{conv2d(benchImages(), benchFilters(), {.padding = 1}).uop()};
    PipelineRun copied = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!copied.failed());
    QCOMPARE(
        kernelsAndOpts(copied),
        (QStringList{QStringLiteral("E_16_64_58_58: Split(0, 2, THREAD)"),
                     QStringLiteral(
                         "r_16_60_56_56_64_3_3: Split(3, 8, UPCAST); Split(2, 2, UPCAST); Split(1, "
                         "4, UPCAST); Swap(1, 2); Split(0, 2, THREAD)")}));
    // AVX-512 keeps the padded read in the convolution
    QCOMPARE(runPipeline(roots, {.trace = false, .target = twoCoreCpu(512)}).schedule.kernels.size(), size_t{1});
  }

  // what is not copied here: a depthwise window (one input channel per sum),
  // a convolution without padding, a stride-2 window and rows shorter than
  // 48 whose output channels are not whole blocks of 8; with whole blocks,
  // rangeify_pack_filters.cpp copies the input with the filters, its
  // channels innermost (tests/cpu/test_conv_channel_tiles.cpp)
  void notCopied() {
    auto kernels = [](const Tensor& out) {
      return runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(256)}).schedule.kernels.size();
    };
    QCOMPARE(kernels(conv2d(benchImages(), Tensor::empty({64, 1, 3, 3}), {.groups = 64, .padding = 1})), size_t{1});
    // whole blocks of output channels: the filters packed, the input copied channels innermost
    QCOMPARE(kernels(conv2d(benchImages(), Tensor::empty({64, 64, 3, 3}), {.padding = 1})), size_t{3});
    QCOMPARE(kernels(conv2d(benchImages(), Tensor::empty({64, 64, 1, 1}))), size_t{1});
    QCOMPARE(kernels(conv2d(benchImages(), benchFilters())), size_t{1});
    QCOMPARE(kernels(conv2d(benchImages(), Tensor::empty({124, 64, 3, 3}), {.stride = 2, .padding = 1})), size_t{1});
    QCOMPARE(kernels(conv2d(Tensor::empty({16, 128, 28, 28}), Tensor::empty({124, 128, 3, 3}), {.padding = 1})),
             size_t{1});
  }

  // the hot loop in Zen 3 machine code: the window's nine taps unrolled in
  // the input channels' loop, 8 multiply-adds each, one broadcast filter tap
  // per two, no masked load (padded to 64 columns, every load of the row was
  // one), nothing on the stack (gated, the loop held one tap: 16)
  void hotLoopMachineCode() {
    const std::vector<UOpPtr> roots{conv2d(benchImages(), benchFilters(), {.padding = 1}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QCOMPARE(run.kernels.size(), size_t{2});
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(run.kernels[1], "znver3", true);
    const QString all = QString::fromStdString(zen5loop::isaText(isa));
    const int fmas = isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"];
    QVERIFY2(fmas == 72, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] * 2 == fmas, qPrintable(all));
    QVERIFY2(isa["vmaskmovps"] == 0, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
  }

  // the copy and the convolution compute what the reference evaluator does
  void resultsMatchTheReference_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("rows");
    QTest::newRow("50 padded to 64") << 50 << 5;
    QTest::newRow("64") << 64 << 5;
    QTest::newRow("56: a vector by two rows") << 56 << 6;
  }
  void resultsMatchTheReference() {
    QFETCH(int, width);
    QFETCH(int, rows);
    Tensor x = (Tensor::arange(int64_t{2 * 16} * rows * width).cast(dtypes::float32) * 0.37)
                   .sin()
                   .reshape({2, 16, rows, width});
    Tensor w = (Tensor::arange(int64_t{12 * 16 * 9}).cast(dtypes::float32) * 0.61).cos().reshape({12, 16, 3, 3});
    const std::vector<UOpPtr> roots{conv2d(x.contiguous(), w.contiguous(), {.padding = 1}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QVERIFY(std::any_of(
        run.schedule.kernels.begin(), run.schedule.kernels.end(), [&](const ScheduledKernel& k) {
          return k.name == "E_2_16_" + std::to_string(rows + 2) + "_" + std::to_string(width + 2);
        }));
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-5, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestConvPadCopy);
#include "test_conv_pad_copy.moc"
