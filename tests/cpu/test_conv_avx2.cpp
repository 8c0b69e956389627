// The CPU heuristics' direct convolution with AVX2 (core/opt/conv_rules.h): a
// padded 3x3 convolution's image row of two to four vectors that they do not
// divide is upcast whole (a row shorter than two vectors with the next row)
// by 2 or 4 output channels; a gated longer one that two 8-float vectors do
// not divide is padded to a multiple of them and tiled 16 columns x 4 output
// channels, the gemm's tile (ungated rows of whole vectors:
// tests/cpu/test_conv_pad_copy.cpp). The exact OptOps, the hot loop's Zen 3
// machine code, and results against the kernel interpreter and the
// reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/nn/conv.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace uops;
using namespace kernelast;

namespace {

// The same for the whole pipeline, as hostCpuTarget makes it on Zen 3.
CodegenTarget avx2CodegenTarget() {
  CodegenTarget t = cpuTarget();
  t.heuristics = true;
  t.threads = 2;
  t.vectorBits = 256;
  return t;
}

QString avx2OptsText(const UOpPtr& kernel) {
  return cpuschedule::heuristicOptsText(kernel, cpuschedule::narrowTarget());
}

} // namespace

class TestConvAvx2 : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the bench's conv2d_3x3 (16 x 64 x 56 x 56, 64 filters): the row padded
  // to 64, 16 columns by 4 channels, the rows' loop outside the channels'
  // (the filters re-read per row are fewer bytes than the images per channel
  // tile), the input channels innermost, the batch across the cores
  void benchConvolutionOpts() {
    QCOMPARE(avx2OptsText(convPadded3x3(16, 64, 64, 56, 56)),
             QStringLiteral("Padto(3, 16); Split(3, 16, UPCAST); Split(1, 4, UPCAST); Swap(1, 2); Swap(4, 5); "
                            "Swap(5, 6); Split(0, 2, THREAD)"));
    // ResNet's 28-wide layer: the whole row (three vectors and a half) by 2
    // channels, none padded; the filters re-read per row are fewer bytes
    // than the images per channel tile of 2
    QCOMPARE(avx2OptsText(convPadded3x3(16, 128, 128, 28, 28)),
             QStringLiteral(
                 "Split(1, 2, UPCAST); Split(3, 28, UPCAST); Swap(1, 2); Swap(4, 5); Swap(5, 6); "
                 "Split(0, 2, THREAD)"));
    // ResNet's 14-wide layer3: two output rows of 14 (28 floats) by 2
    // channels, where padded to 16 an eighth of the columns was computed
    // for nothing
    QCOMPARE(avx2OptsText(convPadded3x3(16, 256, 256, 14, 14)),
             QStringLiteral("Split(1, 2, UPCAST); Split(2, 2, UPCAST); Split(3, 14, UPCAST); "
                            "Swap(1, 2); Swap(4, 5); "
                            "Swap(5, 6); Split(0, 2, THREAD)"));
    // a width two vectors divide keeps the gemm's tile without padding
    QCOMPARE(avx2OptsText(convPadded3x3(16, 64, 64, 32, 32)),
             QStringLiteral("Split(3, 16, UPCAST); Split(1, 4, UPCAST); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)"));
  }

  // the hot loop over input channels in Zen 3 machine code: per input
  // channel, 8 multiply-adds of 8 floats, 4 broadcast filter taps and 2
  // loads of the row (masked: the padding), nothing on the stack (the 8 x 8
  // tile broadcast once per multiply-add and kept its masks on the stack)
  void hotLoopMachineCode() {
    UOpPtr kernel = convPadded3x3(16, 64, 64, 56, 56);
    LoweredKernel lowered =
        lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::narrowTarget()));
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(lowered, "znver3", true);
    const QString all = QString::fromStdString(zen5loop::isaText(isa));
    const int fmas = isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"];
    QVERIFY2(fmas > 0 && fmas % 8 == 0, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] * 2 == fmas, qPrintable(all));
    QVERIFY2((isa["vmaskmovps"] + isa["vmovups ymm"]) * 4 == fmas, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
  }

  // A 14-wide layer whose output channels are not whole blocks of 8 (its
  // filters stay as they are: rangeify_pack_filters.cpp) in Zen 3 machine
  // code: per input channel, the multiply-adds cover the 2 rows x 14 columns
  // x 2 channels once (three 8-float and one 4-float vector per channel), no
  // lane on a padded column, one broadcast filter tap per 28 lanes; from the
  // stack at most the gates' masks, no accumulator (padded to 16: 8
  // multiply-adds of 8 floats, 64 lanes for 56)
  void shortRowHotLoopMachineCode() {
    const Tensor images = Tensor::empty({16, 256, 14, 14}),
                 filters = Tensor::empty({260, 256, 3, 3});
    PipelineRun run = runPipeline({conv2d(images, filters, {.padding = 1}).uop()},
                                  {.trace = false, .target = avx2CodegenTarget()});
    QCOMPARE(run.kernels.size(), size_t{1});
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(run.kernels[0], "znver3", true);
    const QString all = QString::fromStdString(zen5loop::isaText(isa));
    const int lanes = 8 * (isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"]) +
                      4 * (isa["vfmadd231ps xmm"] + isa["vfmadd213ps xmm"]);
    QVERIFY2(lanes > 0 && lanes % (2 * 14 * 2) == 0, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] * 2 * 14 == lanes, qPrintable(all));
    QVERIFY2(isa["stack"] <= isa["vmaskmovps"], qPrintable(all));
  }

  // a padded convolution whose rows take the whole-row tile (gated, no
  // padded copy: rows shorter than 48; 12 output channels, not whole blocks
  // of 8 for rangeify_pack_filters.cpp) computes what the reference
  // evaluator does
  void shortRowsMatchTheReference_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("14 with the next row") << 14;
    QTest::newRow("28") << 28;
  }
  void shortRowsMatchTheReference() {
    QFETCH(int, width);
    Tensor x = (Tensor::arange(int64_t{2 * 16 * 6} * width).cast(dtypes::float32) * 0.37)
                   .sin()
                   .reshape({2, 16, 6, width});
    Tensor w = (Tensor::arange(int64_t{12 * 16 * 9}).cast(dtypes::float32) * 0.61)
                   .cos()
                   .reshape({12, 16, 3, 3});
    const std::vector<UOpPtr> roots{conv2d(x.contiguous(), w.contiguous(), {.padding = 1}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = avx2CodegenTarget()});
    QVERIFY(!run.failed());
    const QString opts = QString::fromStdString(formatOpts(run.kernels.back().opts));
    QVERIFY2(opts.contains(QStringLiteral("Split(3, %1, UPCAST)").arg(width)), qPrintable(opts));
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-5, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  // each tile computes what the kernel without OptOps does
  void resultsMatchTheInterpreter_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("56 padded to 64") << 56;
    QTest::newRow("28 whole") << 28;
    QTest::newRow("14 whole, two rows") << 14;
    QTest::newRow("20 whole") << 20;
  }
  void resultsMatchTheInterpreter() {
    QFETCH(int, width);
    UOpPtr kernel = convPadded3x3(2, 4, 32, 6, width);
    QCOMPARE(cpuschedule::mismatchWithInterpreter(
                 kernel, heuristicOpts(kernel, cpuschedule::narrowTarget()), 13),
             QString());
  }
};

UOPSCOPE_TEST(TestConvAvx2);
#include "test_conv_avx2.moc"
