// The CPU heuristics' direct convolution with AVX2 (core/opt/conv_rules.h): a
// padded 3x3 convolution's image row of two to four vectors that they do not
// divide is upcast whole (a row shorter than two vectors with the next row)
// by 2 or 4 output channels; a longer one that two 8-float vectors do not
// divide is padded to a multiple of them and tiled 16 columns x 4 output
// channels, the gemm's tile. The exact OptOps, the hot loop's Zen 3 machine
// code, and results against the kernel interpreter.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "core/engine/device_schedule.h"
#include "core/nn/conv.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <map>

using namespace uops;
using namespace kernelast;

namespace {

// Two cores with 256-bit vectors (AVX2) and their 16 registers.
OptTarget avx2Target() {
  OptTarget t = cpuschedule::wideTarget();
  t.vectorBits = 256;
  return t;
}

QString avx2OptsText(const UOpPtr& kernel) { return QString::fromStdString(formatOpts(heuristicOpts(kernel, avx2Target()))); }

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
    LoweredKernel lowered = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, avx2Target()));
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(lowered, "znver3", true);
    QString all;
    for (const auto& [m, n] : isa) all += QStringLiteral("%1=%2 ").arg(QString::fromStdString(m)).arg(n);
    const int fmas = isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"];
    QVERIFY2(fmas > 0 && fmas % 8 == 0, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] * 2 == fmas, qPrintable(all));
    QVERIFY2((isa["vmaskmovps"] + isa["vmovups ymm"]) * 4 == fmas, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
  }

  // ResNet's 14-wide layer in Zen 3 machine code: per input channel, the
  // multiply-adds cover the 2 rows x 14 columns x 2 channels once (three
  // 8-float and one 4-float vector per channel), no lane on a padded column,
  // one broadcast filter tap per 28 lanes; from the stack at most the
  // gates' masks, no accumulator (padded to 16: 8 multiply-adds of 8 floats, 64
  // lanes for 56)
  void shortRowHotLoopMachineCode() {
    CodegenTarget target = cpuTarget();
    target.heuristics = true;
    target.threads = 2;
    target.vectorBits = 256;
    const Tensor images = Tensor::empty({16, 256, 14, 14}),
                 filters = Tensor::empty({256, 256, 3, 3});
    PipelineRun run = runPipeline({conv2d(images, filters, {.padding = 1}).uop()},
                                  {.trace = false, .target = target});
    QCOMPARE(run.kernels.size(), size_t{1});
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(run.kernels[0], "znver3", true);
    QString all;
    for (const auto& [m, n] : isa)
      all += QStringLiteral("%1=%2 ").arg(QString::fromStdString(m)).arg(n);
    const int lanes = 8 * (isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"]) +
                      4 * (isa["vfmadd231ps xmm"] + isa["vfmadd213ps xmm"]);
    QVERIFY2(lanes > 0 && lanes % (2 * 14 * 2) == 0, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] * 2 * 14 == lanes, qPrintable(all));
    QVERIFY2(isa["stack"] <= isa["vmaskmovps"], qPrintable(all));
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
    QCOMPARE(cpuschedule::mismatchWithInterpreter(kernel, heuristicOpts(kernel, avx2Target()), 13), QString());
  }
};

UOPSCOPE_TEST(TestConvAvx2);
#include "test_conv_avx2.moc"
