// The CPU heuristics' direct convolution with AVX2 (core/opt/conv_rules.h): a
// padded 3x3 convolution's image row that two 8-float vectors do not divide
// is padded to a multiple of them and tiled 16 columns x 4 output channels,
// the gemm's tile, the rows' loop outside the channels'. The exact OptOps,
// the hot loop's Zen 3 machine code, and results against the kernel
// interpreter.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"

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
    // ResNet's 28-wide layer pads to 32 the same way; its filters re-read
    // per row would be more bytes than its images per channel tile, so its
    // loops keep their order
    QCOMPARE(avx2OptsText(convPadded3x3(16, 128, 128, 28, 28)),
             QStringLiteral("Padto(3, 16); Split(3, 16, UPCAST); Split(1, 4, UPCAST); Swap(4, 5); Swap(5, 6); "
                            "Split(0, 2, THREAD)"));
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

  // the padded tile computes what the kernel without OptOps does
  void resultsMatchTheInterpreter_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("56 padded to 64") << 56;
    QTest::newRow("28 padded to 32") << 28;
    QTest::newRow("14 padded to 16") << 14;
    QTest::newRow("20: not padded") << 20;
  }
  void resultsMatchTheInterpreter() {
    QFETCH(int, width);
    UOpPtr kernel = convPadded3x3(2, 4, 32, 6, width);
    QCOMPARE(cpuschedule::mismatchWithInterpreter(kernel, heuristicOpts(kernel, avx2Target()), 13), QString());
  }
};

UOPSCOPE_TEST(TestConvAvx2);
#include "test_conv_avx2.moc"
