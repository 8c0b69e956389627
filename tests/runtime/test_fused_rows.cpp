// A fused Reduce over any elementwise tree, walked row by row: leaves
// gathered through their views, each node's row computed from its operands'
// rows, and padding zeroed per node. The bits are those of the element
// definition (the operand materialized by the whole-tensor ops, then reduced
// in row-major order).
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/tensor_reduce.h"

#include <QTest>

#include <cmath>

using namespace uops;
using namespace uops::testing;

namespace {

// sin-shaped values of dtype d, negative and positive, not exactly representable sums
UOpPtr fusedRowsValues(DType d, const Shape& shape, double scale) {
  HostTensor t(d, shape);
  for (int64_t i = 0; i < t.numel(); ++i)
    t.setDouble(i, std::sin(static_cast<double>(i) * scale) * 3.0 / (1.0 + static_cast<double>(i % 5)));
  return literal(t);
}

} // namespace

class TestFusedRows : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // Exp2 of a leaf, padded, transposed, split by a Reshape that cannot fold
  // (a second view), broadcast: compared, selected by Where, negated, cast
  // from bool, for float32, float64 (typed sums) and float16 (sums per
  // element), over kept and reduced axes interleaved, with Add and Max.
  void treesOfSeveralViewsGiveTheElementBits() {
    for (DType d : {dtypes::float32, dtypes::float64, dtypes::float16}) {
      UOpPtr x = fusedRowsValues(d, {4, 6}, 0.7);
      auto moved = [&](double scale) {
        UOpPtr e = alu(Op::Exp2, {x * constant(d, scale)});
        UOpPtr p = permute(pad(e, {1, 0}, {6, 7}), {1, 0});           // (7, 6), zero rows 0 and 5
        UOpPtr r = reshape(p, {7, 2, 3});                              // masked axis split: a new view
        return expand(reshape(r, {7, 1, 2, 3}), {7, 2, 2, 3});
      };
      UOpPtr w = fusedRowsValues(d, {2, 3}, 1.3);
      UOpPtr b = expand(reshape(alu(Op::Sqrt, {maximum(w, int64_t{0}) + constant(d, 1.0)}), {1, 2, 1, 3}), {7, 2, 2, 3});
      UOpPtr operand = where(lt(moved(0.1), b), moved(0.2) * b, alu(Op::Neg, {moved(0.3)})) +
                       cast(lt(moved(0.4), constant(d, 1.5)), d);
      for (Op op : {Op::Add, Op::Max})
        for (const Ints& axes : {Ints{3}, Ints{1}, Ints{0, 2}, Ints{1, 3}, Ints{0, 1, 2, 3}}) {
          UOpPtr r = reduce(operand, op, axes);
          QCOMPARE(show(eval(r)), show(reduceTensor(eval(operand), op, axes)));
        }
    }
  }

  // A short reduced axis between long kept ones (a convolution's taps
  // between its pixels): the rows may run along the pixels, passing many
  // outputs, and each output still takes its taps in order (the float32 sums
  // here differ in the last bit if the order changes).
  void shortReductionsBetweenLongKeptAxes() {
    UOpPtr x = fusedRowsValues(dtypes::float32, {3, 64}, 0.37);
    UOpPtr taps = fusedRowsValues(dtypes::float32, {5, 1}, 2.1);
    UOpPtr windows = expand(reshape(pad(alu(Op::Sin, {x}), {0, 2}, {3, 68}), {3, 1, 68}), {3, 5, 68});
    UOpPtr shifted = shrink(reshape(shrink(reshape(windows, {3, 340}), {0, 0}, {3, 335}), {3, 5, 67}), {0, 0, 0}, {3, 5, 64});
    UOpPtr operand = shifted * expand(reshape(alu(Op::Exp2, {taps}), {1, 5, 1}), {3, 5, 64}) + shifted;
    for (const Ints& axes : {Ints{1}, Ints{0, 1}, Ints{0}}) {
      UOpPtr r = reduce(operand, Op::Add, axes);
      QCOMPARE(show(eval(r)), show(reduceTensor(eval(operand), Op::Add, axes)));
    }
  }

  // A Pad right above an elementwise node reads zero, not the op at zero
  // (Exp2(1 + 0) = 2, Sqrt(0 + 1) = 1): by hand, through one view and through a
  // Reshape of the padded node that starts a second view.
  void padAboveAnOpReadsZero() {
    UOpPtr x = arange(dtypes::float32, {3}) + constant(dtypes::float32, 1.0); // 1, 2, 3
    UOpPtr ones = literalDoubles(dtypes::float32, {6}, {1, 1, 1, 1, 1, 1});
    UOpPtr padded = pad(alu(Op::Exp2, {x}), {2}, {6});                      // 0, 0, 2, 4, 8, 0
    QCOMPARE(show(eval(reduce(padded * ones, Op::Add, {0}))), qs("float32 (1,) [14]"));
    UOpPtr v = literalDoubles(dtypes::float32, {3}, {0, 3, 8});
    UOpPtr roots = pad(alu(Op::Sqrt, {v + constant(dtypes::float32, 1.0)}), {1}, {5}); // 0, 1, 2, 3, 0
    QCOMPARE(show(eval(reduce(roots, Op::Add, {0}))), qs("float32 (1,) [6]"));
    // exp2 of 0..5 in rows of 5, padded by one on each side, flattened (a
    // second view), read as (5, 2), transposed: sums of the even and odd
    // positions of 0 1 2 4 0 0 8 16 32 0
    UOpPtr e = pad(alu(Op::Exp2, {arange(dtypes::float32, {2, 3})}), {0, 1}, {2, 5});
    UOpPtr pairs = permute(reshape(reshape(e, {10}), {5, 2}), {1, 0});
    QCOMPARE(show(eval(reduce(pairs, Op::Add, {1}))), qs("float32 (2, 1) [42, 21]"));
    QCOMPARE(show(eval(reduce(pairs * pairs, Op::Max, {1}))), qs("float32 (2, 1) [1024, 256]"));
  }
};

UOPSCOPE_TEST(TestFusedRows);
#include "test_fused_rows.moc"
