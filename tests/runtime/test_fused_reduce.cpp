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

  // A Pad above an elementwise node reads zero in its padding, not the op at
  // zero (Recip there is inf), and an elementwise node under a Flip, Pad,
  // Permute and a Reshape that merges padded axes is read at its own index.
  void elementwiseNodesUnderMovement() {
    UOpPtr x = arange(dtypes::float32, {3, 4}) + constant(dtypes::float32, 1.0);
    UOpPtr recip = reshape(permute(pad(alu(Op::Recip, {x}), {1, 0}, {5, 4}), {1, 0}), {2, 10});
    UOpPtr root = reshape(pad(flip(alu(Op::Sqrt, {x * x + x}), {true, false}), {0, 1}, {3, 5}), {15});
    UOpPtr other = reshape(shrink(root, {2}, {10}), {1, 10});
    UOpPtr operand = expand(reshape(recip, {2, 1, 10}), {2, 3, 10}) *
                     expand(reshape(other, {1, 1, 10}), {2, 3, 10});
    for (Op op : {Op::Add, Op::Max}) {
      UOpPtr r = reduce(operand, op, {2});
      QCOMPARE(show(eval(r)), show(reduceTensor(eval(operand), op, {2})));
    }
    // recip row 0 (column 0 of the padded rows): 0, 1/1, 1/5, 1/9, 0
    QCOMPARE(show(eval(reduce(recip, Op::Add, {1}))),
             show(reduceTensor(eval(recip), Op::Add, {1})));
    QCOMPARE(eval(reduce(reshape(recip, {20}), Op::Max, {0})).getDouble(0), 1.0);
  }

  // A running sum as arange writes it: windows of a padded constant, summed.
  // The integer and float loops give what the materialized operand gives
  // (uint8 wraps: 200 ones and 100 twos sum past 255), and an int32 arange
  // reads 0, 1, 2...
  void reductionsOfOneLeafThroughWindows() {
    constexpr int64_t n = 300;
    auto windows = [](const UOpPtr& scalar) {
      UOpPtr row = expand(reshape(scalar, {1}), {n});
      UOpPtr padded = pad(row, {n - 1}, {2 * n - 1});
      UOpPtr rows = expand(reshape(padded, {1, 2 * n - 1}), {n + 1, 2 * n - 1});
      UOpPtr flat = shrink(reshape(rows, {(n + 1) * (2 * n - 1)}), {0}, {n * 2 * n});
      return shrink(reshape(flat, {n, 2 * n}), {0, 0}, {n, n}); // row i: n-1-i zeros, then ones
    };
    UOpPtr ones = windows(constant(dtypes::int32, int64_t{1}));
    HostTensor arange = eval(reduce(ones, Op::Add, {1}) - constant(dtypes::int32, int64_t{1}));
    QCOMPARE(arange.getInt(0), int64_t{0});
    QCOMPARE(arange.getInt(n - 1), int64_t{n - 1});
    for (DType d : {dtypes::int32, dtypes::uint8, dtypes::int64, dtypes::float32, dtypes::float64}) {
      UOpPtr operand = windows(constant(d, int64_t{2})) + windows(constant(d, int64_t{0}));
      UOpPtr single = windows(constant(d, int64_t{2}));
      for (Op op : {Op::Add, Op::Max, Op::Mul})
        QCOMPARE(show(eval(reduce(single, op, {1}))), show(reduceTensor(eval(single), op, {1})));
      QCOMPARE(show(eval(reduce(operand, Op::Add, {0}))), show(reduceTensor(eval(operand), Op::Add, {0})));
    }
    HostTensor wrapped = eval(reduce(windows(constant(dtypes::uint8, int64_t{1})), Op::Add, {0, 1}));
    QCOMPARE(wrapped.getInt(0), int64_t{(n * (n + 1) / 2) % 256});
  }

  // A sum of products of two leaves, each seen through movement ops (a
  // transposed, flipped and padded one, a broadcast one, a pooling window of
  // two views), reduced over kept and reduced axes interleaved: the row-by-row
  // loop gives the bits of the element-wise definition (the Mul materialized,
  // then summed in row-major order) for float32, whose sums are
  // order-sensitive here, and for integers, which wrap (int8).
  void sumOfProductsThroughMovedLeaves() {
    for (DType d : {dtypes::float32, dtypes::int32, dtypes::int8}) {
      auto values = [d](const Shape& shape, double scale) {
        HostTensor t(d, shape);
        for (int64_t i = 0; i < t.numel(); ++i) {
          double v = std::sin(static_cast<double>(i) * scale) * 1000.0;
          d.isFloat() ? t.setDouble(i, v / (1.0 + static_cast<double>(i % 7))) : t.setInt(i, static_cast<int64_t>(v) % 100);
        }
        return literal(t);
      };
      UOpPtr x = values({5, 4}, 0.7);
      UOpPtr moved = expand(reshape(pad(flip(permute(x, {1, 0}), {true, false}), {1, 0}, {6, 5}), {6, 1, 5}), {6, 3, 5});
      UOpPtr w = values({3, 5}, 1.3);
      UOpPtr weights = expand(reshape(w, {1, 3, 5}), {6, 3, 5});
      UOpPtr operand = moved * weights;
      for (const Ints& axes : {Ints{2}, Ints{0, 2}, Ints{0}, Ints{0, 1, 2}}) {
        UOpPtr r = reduce(operand, Op::Add, axes);
        QCOMPARE(show(eval(r)), show(reduceTensor(eval(operand), Op::Add, axes)));
      }
      // a pooling window (two views) times broadcast weights, summed over the window
      UOpPtr v = values({1, 9}, 0.9);
      UOpPtr padded = pad(v, {0, 1}, {1, 11});
      UOpPtr rows = expand(reshape(padded, {1, 1, 11}), {1, 4, 11});
      UOpPtr flat = shrink(reshape(rows, {1, 44}), {0, 0}, {1, 36});
      UOpPtr windows = permute(shrink(reshape(flat, {3, 12}), {0, 0}, {3, 10}), {1, 0}); // (10, 3)
      UOpPtr taps = values({2, 3}, 0.4);
      UOpPtr conv = expand(reshape(windows, {10, 1, 3}), {10, 2, 3}) * expand(reshape(taps, {1, 2, 3}), {10, 2, 3});
      QCOMPARE(show(eval(reduce(conv, Op::Add, {2}))), show(reduceTensor(eval(conv), Op::Add, {2})));
    }
    // by hand: int8 products wrap, and so does their sum: 100*100 + 100*100 = 20000 = 32 mod 256
    UOpPtr hundreds = expand(reshape(literalInts(dtypes::int8, {1}, {100}), {1, 1}), {2, 2});
    QCOMPARE(show(eval(reduce(hundreds * permute(hundreds, {1, 0}), Op::Add, {1}))), qs("int8 (2, 1) [32, 32]"));
  }
};

UOPSCOPE_TEST(TestFusedReduce);
#include "test_fused_reduce.moc"
