// The bounds check's linear proof: a padded convolution's read, where the gate
// bounds h+kh and w+kw and the index is 56*(h+kh) + (w+kw) - 57 plus channel
// and batch offsets, over far too many points to try one by one.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/bounds_check.h"
#include "core/pipeline/bounds_linear.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

struct Conv {
  UOpPtr n = range(16, 0), c = range(64, 1), h = range(56, 2), w = range(56, 3);
  UOpPtr kh = range(3, 4, AxisType::Reduce), kw = range(3, 5, AxisType::Reduce);
  UOpPtr y = h + kh, x = w + kw; // 0..57 each; valid 1..56
  UOpPtr flat = n * 200704 + c * 3136 + y * 56 + x - 57;
  UOpPtr gate(int64_t hi) const { return atLeast(y, 1) & lt(y, hi) & atLeast(x, 1) & lt(x, hi); }
};

} // namespace

class TestBoundsLinear : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void paddedConvolutionRead() {
    Conv k;
    auto r = linearRangeUnderGate(k.flat, k.gate(57));
    QVERIFY(r);
    QCOMPARE(static_cast<int64_t>(r->lo), int64_t{0});
    QCOMPARE(static_cast<int64_t>(r->hi), int64_t{3211263});
    // e % size is e where the gate holds
    auto m = linearRangeUnderGate(k.flat % 3211264, k.gate(57));
    QVERIFY(m && m->lo == 0 && m->hi == 3211263);
    // a gate one row too wide reaches past the buffer
    auto wide = linearRangeUnderGate(k.flat, k.gate(58));
    QVERIFY(wide && wide->hi == 3211263 + 56 + 1);
    QVERIFY(!linearRangeUnderGate(k.flat % 3211264, k.gate(58)) ||
            linearRangeUnderGate(k.flat % 3211264, k.gate(58))->lo < 0);
  }

  // Through the whole check: the gated kernel passes, the ungated one is refused.
  void kernelAccepted() {
    Conv k;
    UOpPtr in = buf(1, dtypes::float32, 3211264);
    UOpPtr v = gatedLoad(in, k.flat % 3211264, constant(dtypes::float32, 0.0), k.gate(57));
    UOpPtr red = reduceOver(v, Op::Add, {k.kh, k.kw});
    UOpPtr out = buf(0, dtypes::float32, 3211264);
    UOpPtr idx = k.n * 200704 + k.c * 3136 + k.h * 56 + k.w;
    UOpPtr kernel = sink({end(store(out, idx, red), {k.n, k.c, k.h, k.w})});
    QVERIFY(findUnsafeAccesses(kernel).empty());
    UOpPtr bad = sink({end(store(out, idx, reduceOver(load(in, k.flat), Op::Add, {k.kh, k.kw})), {k.n, k.c, k.h, k.w})});
    QCOMPARE(findUnsafeAccesses(bad).size(), size_t{1});
  }

  // A term of L missing from the index, or with another ratio: no proof from this bound.
  void boundMustFitTheIndex() {
    UOpPtr a = range(100, 0), b = range(100, 1);
    UOpPtr gate = lt(a + b, 50);
    QVERIFY(!linearRangeUnderGate(a * 2 + b, gate));
    auto r = linearRangeUnderGate(a * 3 + b * 3 + 1, gate);
    QVERIFY(r && r->lo == 1 && r->hi == 148);
  }

  // A term left after the gate's sums are taken out whose min_max is loose
  // (a 3-D transposed convolution's gradient: (e) % 4 with e >= 0 at every
  // point, though intervals give e a negative bound and the Mod [-3, 3]) is
  // bounded by trying its few points
  void remainingTermsByTheirPoints() {
    UOpPtr r = range(4, 0), k = range(3, 1), y = range(8, 2);
    UOpPtr e = r + (k * 18 + 26) / 27 - k; // >= 0 at every point; min_max says >= -2
    UOpPtr m = e % 4;
    QVERIFY(m->minMax().lo < 0);
    UOpPtr gate = lt(y + k, 9);
    auto bounded = linearRangeUnderGate(m * 125 + y * 5 + k * 5, gate);
    QVERIFY(bounded);
    QCOMPARE(static_cast<int64_t>(bounded->lo), int64_t{0});
    QCOMPARE(static_cast<int64_t>(bounded->hi), int64_t{3 * 125 + 8 * 5});
  }
};

UOPSCOPE_TEST(TestBoundsLinear);
#include "test_bounds_linear.moc"
