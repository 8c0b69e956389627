// A Reduce evaluated over its operand without materializing it: the same bits
// as summing the materialized operand, and far fewer bytes held.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/tensor_reduce.h"

#include <QTest>

#include <cmath>

using namespace uops;
using namespace uops::testing;

class TestFusedReduce : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // A 1D convolution as tinygrad writes it: the padded input pulled out into
  // windows by Pad, Expand, Reshape, Shrink and Permute, times the
  // broadcast weights, summed over the window. The fused sum equals the sum of
  // the materialized operand exactly, and the evaluator never holds the
  // operand (64 windows x 16 channels x 9 taps, 16 times the input).
  void convolutionWindowsAreNotMaterialized() {
    constexpr int64_t n = 64, c = 16, k = 9;
    UOpPtr x = arange(dtypes::float32, {1, n}) * constant(dtypes::float32, 0.37);
    x = alu(Op::Sin, {x});
    UOpPtr w = alu(Op::Sin, {arange(dtypes::float32, {c, k}) * constant(dtypes::float32, 0.11)});
    // windows: pad by 4, repeat k+1 times along a new axis, flatten, drop the
    // tail, unflatten into (k, n+k) rows shifted by one, take n of each
    UOpPtr padded = pad(x, {0, 4}, {1, n + 8});
    UOpPtr rows = expand(reshape(padded, {1, 1, n + 8}), {1, k + 1, n + 8});
    UOpPtr flat = shrink(reshape(rows, {1, (k + 1) * (n + 8)}), {0, 0}, {1, k * (n + 9)});
    UOpPtr windows = shrink(reshape(flat, {1, k, n + 9}), {0, 0, 0}, {1, k, n});
    windows = permute(windows, {0, 2, 1}); // (1, n, k): window i holds x[i-4 .. i+4]
    UOpPtr operand = expand(reshape(windows, {1, n, 1, k}), {1, n, c, k}) *
                     expand(reshape(w, {1, 1, c, k}), {1, n, c, k});
    UOpPtr conv = reduce(operand, Op::Add, {3});

    ReferenceEvaluator evaluator;
    HostTensor fused = evaluator.evaluate(conv);
    int64_t peak = evaluator.lastPeakBytes();
    HostTensor materialized = ReferenceEvaluator().evaluate(operand);
    QCOMPARE(show(fused), show(reduceTensor(materialized, Op::Add, {3})));
    // one window checked by hand: output (i=0, ch=1) = sum_t x[t-4] * w[1][t], x[<0] = 0
    auto sinf32 = [](int64_t i, float scale) {
      return static_cast<float>(std::sin(static_cast<double>(static_cast<float>(i) * scale)));
    };
    float expect = 0;
    for (int64_t t = 4; t < k; ++t)
      expect += sinf32(t - 4, 0.37f) * sinf32(k + t, 0.11f);
    QCOMPARE(fused.getDouble(1), static_cast<double>(expect));
    int64_t operandBytes = n * c * k * 4;
    QVERIFY2(peak < operandBytes / 4,
             qPrintable(QStringLiteral("%1 bytes held at once, the operand is %2")
                            .arg(peak)
                            .arg(operandBytes)));
  }

  // A node the fused operand reads twice is evaluated once, as a leaf; Where,
  // Cast, comparisons and Max reduce take the whole-tensor paths' values.
  void sharedNodesAndOtherOps() {
    UOpPtr x = arange(dtypes::float32, {4, 6}) - constant(dtypes::float32, 11.0);
    UOpPtr sq = x * x; // read twice below
    UOpPtr operand =
        where(lt(x, constant(dtypes::float32, 0.0)), sq, cast(cast(sq + x, dtypes::int8), dtypes::float32));
    for (Op op : {Op::Add, Op::Max, Op::Mul}) {
      UOpPtr r = reduce(operand, op, {1});
      QCOMPARE(show(eval(r)), show(reduceTensor(eval(operand), op, {1})));
    }
    // x = -11 gives 121; x = 12 gives 12*12+12 = 156, saturated by the cast to int8
    QCOMPARE(show(eval(reduce(operand, Op::Max, {0, 1}))), qs("float32 (1, 1) [127]"));
  }
};

UOPSCOPE_TEST(TestFusedReduce);
#include "test_fused_reduce.moc"
