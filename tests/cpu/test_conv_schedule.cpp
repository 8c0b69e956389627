// The CPU heuristics' direct convolution (core/opt/heuristics.cpp): with
// AVX-512, a padded 3x3 convolution's image row too wide to be upcast whole
// (core/opt/conv_rules.h) is padded to whole 16-float vectors and tiled 16
// columns x 16 output channels, and the input channels
// move innermost so that the padding's gates are tested outside the hot loop:
// its body is the tile's multiply-adds, one load per input channel step of
// each input column and filter, and no comparison. The exact OptOps, the
// innermost loop of the linearized kernel, and its results against the
// kernel interpreter.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/cpu_device.h"
#include "core/engine/kernel_interpreter.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"

#include <QTest>

#include <map>
#include <random>

using namespace uops;
using namespace kernelast;

class TestConvSchedule : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the bench's conv2d_3x3 (16 x 64 x 56 x 56, 64 filters): the whole
  // 56-column row (three vectors and a half) by 4 output channels
  // (core/opt/conv_rules.h), the rows' loop outside the channels' (the
  // filters re-read per row are fewer bytes than the images per channel
  // tile), the input channels innermost, the batch split across the cores
  void benchConvolutionOpts() {
    QCOMPARE(cpuschedule::heuristicOptsText(convPadded3x3(16, 64, 64, 56, 56)),
             QStringLiteral("Split(1, 4, UPCAST); Split(3, 56, UPCAST); Swap(1, 2); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)"));
    // a width the vectors divide: a 16 x 16 tile; the channels still move innermost
    QCOMPARE(cpuschedule::heuristicOptsText(convPadded3x3(16, 64, 64, 32, 32)),
             QStringLiteral("Split(3, 16, UPCAST); Split(1, 16, UPCAST); Swap(7, 8); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)"));
    // a row shorter than two vectors (24) takes the next row with it
    QCOMPARE(cpuschedule::heuristicOptsText(convPadded3x3(16, 64, 64, 24, 24)),
             QStringLiteral("Split(1, 4, UPCAST); Split(2, 2, UPCAST); Split(3, 24, UPCAST); Swap(1, 2); Swap(4, 5); "
                            "Swap(5, 6); Split(0, 2, THREAD)"));
    // a row of 130: whole, not even two channels fit in 256 copies, so it is padded to 144 as before
    QCOMPARE(cpuschedule::heuristicOptsText(convPadded3x3(16, 64, 64, 40, 130)),
             QStringLiteral("Padto(3, 16); Split(3, 16, UPCAST); Split(1, 16, UPCAST); Swap(7, 8); Swap(4, 5); Swap(5, 6); "
                            "Split(0, 2, THREAD)"));
  }

  // the hot loop over input channels: 256 accumulators each updated by one
  // multiply-add, one load per filter tap and input column, no gate computed
  void innermostLoopHasNoGates() {
    UOpPtr kernel = convPadded3x3(2, 4, 32, 6, 130);
    std::vector<Opt> opts = heuristicOpts(kernel, cpuschedule::wideTarget());
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Padto(3, 16); Split(3, 16, UPCAST); Split(1, 16, UPCAST); Swap(7, 8); Swap(4, 5); Swap(5, 6); "
                            "Split(2, 2, THREAD)"));
    LoweredKernel lowered = lowerKernel(kernel, cpuTarget(), opts);
    QCOMPARE(QString::fromStdString(lowered.name.text), QStringLiteral("r_2_2_2_3_9_3_3_4_16_16"));
    std::map<std::string, int> ops = cpuschedule::innermostLoopOps(*lowered.linear);
    QCOMPARE(ops["Load"], 256 + 16 + 16); // the accumulators, the 16 filters' taps, the 16 input columns
    QCOMPARE(ops["Store"], 256);
    QCOMPARE(ops["Mul"] - 2, 256);       // each product; two index multiplies
    QCOMPARE(ops.count("CmpLt"), size_t{0});
    QCOMPARE(ops.count("CmpNe"), size_t{0});
    QCOMPARE(ops.count("And"), size_t{0});
  }

  // the padded, reordered kernel (and the whole-row one) computes what the
  // kernel without OptOps does
  void resultsMatchTheInterpreter_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("padded 130") << 130;
    QTest::newRow("whole row 28") << 28;
  }
  void resultsMatchTheInterpreter() {
    QFETCH(int, width);
    QCOMPARE(cpuschedule::mismatchWithInterpreter(convPadded3x3(2, 4, 32, 6, width), std::nullopt, 11), QString());
  }
};

UOPSCOPE_TEST(TestConvSchedule);
#include "test_conv_schedule.moc"
