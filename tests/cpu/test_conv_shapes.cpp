// The CPU heuristics' tiles for convolutions whose image rows are not whole
// 16-float vectors (core/opt/conv_rules.h) and the vector compares that build
// a padded row's load mask (core/render/render_llvm_lane_mask.cpp): the exact
// OptOps for the bench's shapes, the innermost loop of the linearized kernel,
// its machine code for Zen 5 (full-width FMAs, no lane inserts or gathers),
// and its results against the kernel interpreter.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "backends/llvm/cpu_device.h"
#include "core/engine/kernel_interpreter.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"

#include <QTest>

#include <map>
#include <optional>
#include <random>

using namespace uops;
using namespace kernelast;

namespace {

// out[b, co, y, x] = sum_ci w[co, ci] * in[b, ci, y, x], NCHW; ranges b, co,
// y, x, ci. Slots: out 0, w 1, in 2.
UOpPtr convShapes1x1(int64_t n, int64_t cin, int64_t cout, int64_t h, int64_t wd) {
  UOpPtr b = range(n, 0), co = range(cout, 1), y = range(h, 2), x = range(wd, 3);
  UOpPtr ci = range(cin, 4, AxisType::Reduce);
  UOpPtr in = load(buf(2, dtypes::float32, n * cin * h * wd), ((b * cin + ci) * h + y) * wd + x);
  UOpPtr w = load(buf(1, dtypes::float32, cout * cin), co * cin + ci);
  UOpPtr sum = reduceOver(w * in, Op::Add, {ci});
  return sink({end(store(buf(0, dtypes::float32, n * cout * h * wd), ((b * cout + co) * h + y) * wd + x, sum),
                    {b, co, y, x})});
}

// a padded depthwise 3x3 convolution (one filter per channel); ranges b, c, y, x, ky, kx
UOpPtr convShapesDepthwise(int64_t n, int64_t c, int64_t h, int64_t wd) {
  UOpPtr b = range(n, 0), ch = range(c, 1), y = range(h, 2), x = range(wd, 3);
  UOpPtr ky = range(3, 4, AxisType::Reduce), kx = range(3, 5, AxisType::Reduce);
  UOpPtr row = y + ky, col = x + kx;
  UOpPtr gate = atLeast(row, 1) & lt(row, h + 1) & atLeast(col, 1) & lt(col, wd + 1);
  UOpPtr in = gatedLoad(buf(2, dtypes::float32, n * c * h * wd), ((b * c + ch) * h + row - 1) * wd + col - 1,
                        constant(dtypes::float32, 0.0), gate);
  UOpPtr w = load(buf(1, dtypes::float32, c * 9), ch * 9 + ky * 3 + kx);
  UOpPtr sum = reduceOver(w * in, Op::Add, {ky, kx});
  return sink({end(store(buf(0, dtypes::float32, n * c * h * wd), ((b * c + ch) * h + y) * wd + x, sum),
                    {b, ch, y, x})});
}

} // namespace

class TestConvShapes : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the bench's EfficientNet projection (1x1, 144 -> 40 channels on 28 x 28)
  // and ResNet layer3 (3x3, 256 channels on 14 x 14): the whole row and two
  // rows, upcast with output channels, no Padto
  void shortRowOpts() {
    // the 1x1's rows' loop outside its channels' (23 KB of filters re-read per
    // row tile, not 7 MB of images per channel tile); ResNet's keeps its order
    // (2.4 MB of filters)
    QCOMPARE(cpuschedule::heuristicOptsText(convShapes1x1(16, 144, 40, 28, 28)),
             QStringLiteral("Split(1, 4, UPCAST); Split(2, 2, UPCAST); Split(3, 28, UPCAST); Swap(1, 2); Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(convPadded3x3(16, 256, 256, 14, 14)),
             QStringLiteral("Split(1, 8, UPCAST); Split(2, 2, UPCAST); Split(3, 14, UPCAST); Swap(4, 5); Swap(5, 6); "
                            "Split(0, 2, THREAD)"));
    // the bench's 1x1 (56 wide: three vectors and a half): the whole row by 4 channels
    QCOMPARE(cpuschedule::heuristicOptsText(convShapes1x1(16, 64, 256, 56, 56)),
             QStringLiteral("Split(1, 4, UPCAST); Split(3, 56, UPCAST); Swap(1, 2); Split(0, 2, THREAD)"));
    // rows of whole vectors keep heuristics.h's tile
    QCOMPARE(cpuschedule::heuristicOptsText(convShapes1x1(16, 64, 256, 32, 32)),
             QStringLiteral("Split(3, 16, UPCAST); Split(1, 16, UPCAST); Swap(5, 6); Split(0, 2, THREAD)"));
  }

  // Where the output goes to memory as written (a target whose streamed
  // stores start at 20 MiB), the bench's 1x1 (51 MB out, a tile's row 224
  // bytes: three and a half cache lines) keeps its channels' loop outside
  // the rows': rows outside wrote each line two rows share half at a time
  // (8.7-10.9 against 6.5-6.9 ms on Sapphire Rapids). EfficientNet's (2 MB
  // out) and AVX2's tile of two 56-wide rows (448 bytes, whole lines) keep
  // the rows outside.
  void streamedOutputRowsOfPartLines() {
    OptTarget wide = cpuschedule::wideTarget();
    wide.streamingStoreBytes = 20 << 20;
    auto opts = [](const UOpPtr& k, const OptTarget& t) {
      return QString::fromStdString(formatOpts(heuristicOpts(k, t)));
    };
    QCOMPARE(opts(convShapes1x1(16, 64, 256, 56, 56), wide),
             QStringLiteral("Split(1, 4, UPCAST); Split(3, 56, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(opts(convShapes1x1(16, 144, 40, 28, 28), wide),
             QStringLiteral("Split(1, 4, UPCAST); Split(2, 2, UPCAST); Split(3, 28, UPCAST); "
                            "Swap(1, 2); Split(0, 2, THREAD)"));
    OptTarget avx2 = wide;
    avx2.vectorBits = 256;
    QVERIFY(opts(convShapes1x1(16, 64, 256, 56, 56), avx2).contains(QStringLiteral("Swap(")));
  }

  // the bench's depthwise layer (16 x 144 x 56 x 56): the whole row alone (a
  // second output row made it 3.5x slower on Sapphire Rapids)
  void depthwiseOpts() {
    QCOMPARE(cpuschedule::heuristicOptsText(convShapesDepthwise(16, 144, 56, 56)),
             QStringLiteral("Split(3, 56, UPCAST); Split(0, 2, THREAD)"));
  }

  // the 1x1's hot loop over input channels: 4 channels x 2 rows x 28 columns
  // of accumulators, each one multiply-add; one load per filter and column
  void shortRowInnermostLoop() {
    LoweredKernel k = lowerKernel(convShapes1x1(2, 16, 8, 4, 28), cpuTarget(),
                                  heuristicOpts(convShapes1x1(2, 16, 8, 4, 28), cpuschedule::wideTarget()));
    QCOMPARE(QString::fromStdString(formatOpts(k.opts)),
             QStringLiteral("Split(1, 4, UPCAST); Split(2, 2, UPCAST); Split(3, 28, UPCAST); Swap(1, 2)"));
    std::map<std::string, int> ops = cpuschedule::innermostLoopOps(*k.linear);
    QCOMPARE(ops["Load"], 224 + 4 + 56);
    QCOMPARE(ops["Store"], 224);
    QCOMPARE(ops["Mul"], 224 + 4); // the products; four index multiplies
    std::map<std::string, int> isa = zen5loop::functionIsa(k, {"vfmadd"});
    // 16-float multiply-adds: at least two per channel and step (the 56 lanes
    // of a channel are three vectors and a half)
    QVERIFY2(isa["vfmadd231ps zmm"] + isa["vfmadd213ps zmm"] >= 8, qPrintable(QString::number(isa["vfmadd231ps zmm"])));
    QCOMPARE(isa["vinsertps"], 0);
    QCOMPARE(isa["vgatherdps"] + isa["vgatherqps"], 0);
  }

  // a depthwise row of 16-float vectors (the row padded, the window's loops
  // innermost): each gated load's mask is vector compares, no k-register
  // shifts build it lane by lane (the whole-row tile the heuristics choose
  // has no gated groups: LLVM peels its edges)
  void depthwiseMasksAreVectorCompares() {
    UOpPtr kernel = convShapesDepthwise(2, 4, 6, 56);
    LoweredKernel k = lowerKernel(kernel, cpuTarget(), parseOpts("Padto(3, 16); Split(3, 16, UPCAST)"));
    const QString ir = QString::fromStdString(k.rendered.text);
    QVERIFY2(ir.contains(QStringLiteral("llvm.masked.load.v16f32")), qPrintable(ir.left(3000)));
    QVERIFY2(!ir.contains(QStringLiteral("insertelement <16 x i1>")), qPrintable(ir.left(3000)));
    QVERIFY2(ir.contains(QStringLiteral("icmp slt <16 x i32>")), qPrintable(ir.left(3000)));
    std::map<std::string, int> isa = zen5loop::functionIsa(k, {"vfmadd"});
    QCOMPARE(isa["kshiftlw"] + isa["kshiftrw"] + isa["kshiftlb"] + isa["kshiftrb"], 0);
    int compares = 0; // vpcmpgtd, vpcmpnltd, ... into mask registers
    for (const auto& [mnemonic, n] : isa)
      if (mnemonic.starts_with("vpcmp")) compares += n;
    QVERIFY(compares > 0);
  }

  void resultsMatchTheInterpreter() {
    QCOMPARE(cpuschedule::mismatchWithInterpreter(convShapes1x1(2, 16, 8, 4, 28)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(convPadded3x3(2, 8, 16, 4, 14)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(convShapesDepthwise(2, 4, 6, 56)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(convShapesDepthwise(2, 4, 6, 20)), QString());
    // the padded depthwise row with vector-compare masks
    QCOMPARE(cpuschedule::mismatchWithInterpreter(convShapesDepthwise(2, 4, 6, 56), parseOpts("Padto(3, 16); Split(3, 16, UPCAST)")),
             QString());
  }
};

UOPSCOPE_TEST(TestConvShapes);
#include "test_conv_shapes.moc"
