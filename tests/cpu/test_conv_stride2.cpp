// Stride-2 convolutions on the CPU: the heuristics' tile (core/opt/conv_rules.h:
// the whole output row by output channels) and the loads of every other input
// column as one masked vector read of twice the lanes and a shuffle
// (core/render/vector_access.h, render_llvm_memory.cpp). The exact OptOps, the
// rendered loads, the machine code for Zen 5 (full-width FMAs, no gathers or
// lane inserts) and the results against the kernel interpreter.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "core/render/vector_access.h"

#include <QStringList>
#include <QTest>

#include <map>

using namespace uops;
using namespace kernelast;

namespace {

// out[b, co, y, x] = sum_{ci, ky, kx} w[co, ci, ky, kx] * in[b, ci, 2y + ky - pad, 2x + kx - pad],
// zero outside the image, NCHW, a k x k window, h x wd input rows; ranges b,
// co, y, x, ci, ky, kx, indices as sums of products and gated by the bounds
// that can fail, as Rangeify writes them. Slots: out 0, w 1, in 2.
UOpPtr stride2Conv(int64_t n, int64_t cin, int64_t cout, int64_t h, int64_t wd, int64_t k = 3, int64_t pad = 1) {
  const int64_t oh = (h + 2 * pad - k) / 2 + 1, ow = (wd + 2 * pad - k) / 2 + 1;
  UOpPtr b = range(n, 0), co = range(cout, 1), y = range(oh, 2), x = range(ow, 3);
  UOpPtr ci = range(cin, 4, AxisType::Reduce);
  UOpList reduced{ci};
  UOpPtr wIndex = co * (cin * k * k) + ci * (k * k);
  UOpPtr at = b * (cin * h * wd) + y * (2 * wd) + x * 2 + ci * (h * wd);
  UOpPtr row = y * 2, col = x * 2;
  if (k > 1) {
    UOpPtr ky = range(k, 5, AxisType::Reduce), kx = range(k, 6, AxisType::Reduce);
    wIndex = wIndex + ky * k + kx;
    at = at + ky * wd + kx;
    row = row + ky;
    col = col + kx;
    reduced.push_back(ky);
    reduced.push_back(kx);
  }
  UOpPtr inBuf = buf(2, dtypes::float32, n * cin * h * wd);
  UOpPtr gate = atLeast(row, pad) & atLeast(col, pad);
  if (2 * (oh - 1) + k - 1 >= h + pad) gate = gate & lt(row, h + pad);
  if (2 * (ow - 1) + k - 1 >= wd + pad) gate = gate & lt(col, wd + pad);
  UOpPtr in = pad ? gatedLoad(inBuf, at - (pad * wd + pad), constant(dtypes::float32, 0.0), gate) : load(inBuf, at);
  UOpPtr w = load(buf(1, dtypes::float32, cout * cin * k * k), wIndex);
  UOpPtr sum = reduceOver(w * in, Op::Add, reduced);
  UOpPtr out = b * (cout * oh * ow) + co * (oh * ow) + y * ow + x;
  return sink({end(store(buf(0, dtypes::float32, n * cout * oh * ow), out, sum), {b, co, y, x})});
}

} // namespace

class TestConvStride2 : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the bench's stride-2 layer (16 x 64 x 56 x 56 to 128 channels of 28 x 28):
  // the whole output row by 8 channels, the rows' loop outside the channels'
  // (conv_rules.h), the input channels innermost; an unpadded 1x1 (a ResNet
  // shortcut) likewise; a row wider than two vectors, part of it at a time.
  void benchShapeOpts() {
    QCOMPARE(cpuschedule::heuristicOptsText(stride2Conv(16, 64, 128, 56, 56)),
             QStringLiteral("Split(1, 8, UPCAST); Split(3, 28, UPCAST); Swap(1, 2); Swap(4, 5); Swap(5, 6); "
                            "Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(stride2Conv(16, 64, 128, 56, 56, 1, 0)),
             QStringLiteral("Split(1, 8, UPCAST); Split(3, 28, UPCAST); Swap(1, 2); Split(0, 2, THREAD)"));
    // 56 columns: 28 of them at a time
    QCOMPARE(cpuschedule::heuristicOptsText(stride2Conv(16, 64, 128, 112, 112)),
             QStringLiteral("Split(1, 8, UPCAST); Split(3, 28, UPCAST); Swap(1, 2); Swap(4, 5); Swap(5, 6); "
                            "Split(0, 2, THREAD)"));
  }

  // The planner's groups of every other element: the 28 input columns of a
  // row as 16, 8 and 4 lanes, each lane two elements after the one before;
  // none where the renderer does not ask for them (OpenCL C)
  void everyOtherElementGroups() {
    UOpPtr kernel = stride2Conv(2, 64, 16, 8, 56);
    LoweredKernel k = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::wideTarget()));
    auto widths = [&](StridedLoads strided) {
      QStringList out;
      for (const VectorGroup& g : planVectorAccess(k.linear, VectorAccess::GatedLoads, strided).groups)
        out << QStringLiteral("%1x%2%3").arg(g.lanes.size()).arg(g.stride).arg(g.gated ? QStringLiteral(" gated") : QString());
      return out.join(QStringLiteral(", "));
    };
    QCOMPARE(widths(StridedLoads::EveryOther), QStringLiteral("16x2 gated, 8x2 gated, 4x2 gated"));
    QCOMPARE(widths(StridedLoads::No), QString());
  }

  // the hot loop over input channels: 8 channels x 28 columns of
  // accumulators, each one multiply-add; the row's loads are three masked
  // reads (32, 16 and 8 floats) and their shuffles; in Zen 5's machine code
  // each channel's 28 columns are one 16-, one 8- and one 4-float FMA, and
  // no gathers or lane inserts
  void innermostLoop() {
    UOpPtr kernel = stride2Conv(16, 64, 128, 56, 56);
    LoweredKernel k = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::wideTarget()));
    QCOMPARE(QString::fromStdString(formatOpts(k.opts)),
             QStringLiteral("Split(1, 8, UPCAST); Split(3, 28, UPCAST); Swap(1, 2); Swap(4, 5); Swap(5, 6); "
                            "Split(0, 2, THREAD)"));
    std::map<std::string, int> ops = cpuschedule::innermostLoopOps(*k.linear);
    QCOMPARE(ops["Load"], 224 + 8 + 28); // the accumulators, the 8 filters' taps, the 28 input columns
    QCOMPARE(ops["Store"], 224);
    QCOMPARE(ops["Mul"], 224 + 2); // the products; two index multiplies
    const QString ir = QString::fromStdString(k.rendered.text);
    QCOMPARE(ir.count(QStringLiteral("call <32 x float> @llvm.masked.load.v32f32")), 1);
    QCOMPARE(ir.count(QStringLiteral("call <16 x float> @llvm.masked.load.v16f32")), 1);
    QCOMPARE(ir.count(QStringLiteral("call <8 x float> @llvm.masked.load.v8f32")), 1);
    std::map<std::string, int> isa = zen5loop::functionIsa(k, {"vfmadd", "vperm"});
    QCOMPARE(isa["vfmadd231ps zmm"], 8);
    QCOMPARE(isa["vfmadd231ps ymm"], 8);
    QCOMPARE(isa["vfmadd231ps xmm"], 8);
    QCOMPARE(isa["vfmadd231ss"], 0);
    QCOMPARE(isa["vpermt2ps zmm"], 1); // the 16 even lanes of two 16-float reads
    QCOMPARE(isa["vinsertps"], 0);
    QCOMPARE(isa["vgatherdps"] + isa["vgatherqps"], 0);
  }

  void resultsMatchTheInterpreter_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("window");
    QTest::addColumn<int>("pad");
    QTest::newRow("3x3 padded, 28 columns") << 56 << 3 << 1;
    QTest::newRow("3x3 padded, 7 columns") << 14 << 3 << 1;
    QTest::newRow("3x3 padded, odd row") << 33 << 3 << 1;
    QTest::newRow("1x1 unpadded, 16 columns") << 32 << 1 << 0;
  }
  void resultsMatchTheInterpreter() {
    QFETCH(int, width);
    QFETCH(int, window);
    QFETCH(int, pad);
    QCOMPARE(cpuschedule::mismatchWithInterpreter(stride2Conv(2, 4, 16, 6, width, window, pad)), QString());
  }
};

UOPSCOPE_TEST(TestConvStride2);
#include "test_conv_stride2.moc"
