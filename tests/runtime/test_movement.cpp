// Movement ops through the reference evaluator, on small arange tensors:
// every output written out by hand.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include <QTest>

using namespace uops;
using namespace uops::testing;

namespace {

UOpPtr idx(int64_t v) {
  return constIndex(v);
}
UOpPtr idxVec(std::initializer_list<int64_t> v) {
  return literalInts(dtypes::int32, {static_cast<int64_t>(v.size())}, v);
}
UOpPtr indexOp(UOpList src) {
  DType d = src[0]->dtype();
  return UOp::make(Op::Index, d, std::move(src));
}

} // namespace

class TestMovement : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void arangeLiteral() {
    QCOMPARE(show(eval(arange(dtypes::int32, {2, 3}))), qs("int32 (2, 3) [0, 1, 2, 3, 4, 5]"));
    QCOMPARE(show(eval(arange(dtypes::float32, {4}))), qs("float32 (4,) [0, 1, 2, 3]"));
  }

  void permuteReorders() {
    auto t = arange(dtypes::int32, {2, 3});
    QCOMPARE(show(eval(permute(t, {1, 0}))), qs("int32 (3, 2) [0, 3, 1, 4, 2, 5]"));
    auto u = arange(dtypes::int32, {2, 3, 2});
    QCOMPARE(show(eval(permute(u, {2, 0, 1}))),
             qs("int32 (2, 2, 3) [0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11]"));
  }

  void flipReverses() {
    auto t = arange(dtypes::int32, {2, 3});
    QCOMPARE(show(eval(flip(t, {false, true}))), qs("int32 (2, 3) [2, 1, 0, 5, 4, 3]"));
    QCOMPARE(show(eval(flip(t, {true, false}))), qs("int32 (2, 3) [3, 4, 5, 0, 1, 2]"));
    QCOMPARE(show(eval(flip(t, {true, true}))), qs("int32 (2, 3) [5, 4, 3, 2, 1, 0]"));
  }

  void reshapeAndExpand() {
    auto t = arange(dtypes::int32, {6});
    QCOMPARE(show(eval(reshape(t, {3, 2}))), qs("int32 (3, 2) [0, 1, 2, 3, 4, 5]"));
    QCOMPARE(show(eval(reshape(reshape(t, {3, 2}), {6, 1}))),
             qs("int32 (6, 1) [0, 1, 2, 3, 4, 5]"));
    auto row = arange(dtypes::int32, {1, 3});
    QCOMPARE(show(eval(expand(row, {2, 3}))), qs("int32 (2, 3) [0, 1, 2, 0, 1, 2]"));
    auto col = arange(dtypes::int32, {2, 1});
    QCOMPARE(show(eval(expand(col, {2, 3}))), qs("int32 (2, 3) [0, 0, 0, 1, 1, 1]"));
    // A Const made into a tensor the spec's way: Reshape to (1,), Expand.
    auto seven = constant(dtypes::float32, 7.0);
    QCOMPARE(show(eval(expand(reshape(seven, {1}), {4}))), qs("float32 (4,) [7, 7, 7, 7]"));
  }

  void padAndShrink() {
    auto t = arange(dtypes::int32, {2, 2});
    QCOMPARE(show(eval(pad(t, {1, 1}, {4, 3}))),
             qs("int32 (4, 3) [0, 0, 0, 0, 0, 1, 0, 2, 3, 0, 0, 0]"));
    auto f = arange(dtypes::float32, {3});
    QCOMPARE(show(eval(pad(f, {2}, {5}))), qs("float32 (5,) [0, 0, 0, 1, 2]"));
    auto u = arange(dtypes::int32, {3, 4});
    QCOMPARE(show(eval(shrink(u, {1, 1}, {2, 2}))), qs("int32 (2, 2) [5, 6, 9, 10]"));
    QCOMPARE(show(eval(shrink(u, {0, 3}, {3, 1}))), qs("int32 (3, 1) [3, 7, 11]"));
    // Shrink undoes Pad.
    QCOMPARE(show(eval(shrink(pad(t, {1, 1}, {4, 3}), {1, 1}, {2, 2}))),
             qs("int32 (2, 2) [0, 1, 2, 3]"));
  }

  void indexScalarsRemoveDims() {
    auto t = arange(dtypes::int32, {3, 4});
    QCOMPARE(show(eval(indexOp({t, idx(1)}))), qs("int32 (4,) [4, 5, 6, 7]"));
    QCOMPARE(show(eval(indexOp({t, idx(2), idx(3)}))), qs("int32 () [11]"));
  }

  void indexVectorsGather() {
    auto t = arange(dtypes::int32, {3, 4});
    QCOMPARE(show(eval(indexOp({t, idxVec({2, 0, 2})}))),
             qs("int32 (3, 4) [8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11]"));
    QCOMPARE(show(eval(indexOp({t, idxVec({2, 0}), idx(1)}))), qs("int32 (2,) [9, 1]"));
    QCOMPARE(show(eval(indexOp({t, idx(1), idxVec({3, 0})}))), qs("int32 (2,) [7, 4]"));
    // Each (k,) index makes its own axis: an outer product of positions.
    QCOMPARE(show(eval(indexOp({t, idxVec({0, 2}), idxVec({1, 3})}))),
             qs("int32 (2, 2) [1, 3, 9, 11]"));
  }

  void indexOutOfRangeThrows() {
    auto t = arange(dtypes::int32, {3, 4});
    try {
      eval(indexOp({t, idxVec({0, 3})}));
      QFAIL("expected an EvalError");
    } catch (const EvalError& e) {
      QCOMPARE(e.op(), Op::Index);
      QCOMPARE(QString::fromStdString(e.why()), qs("index 3 out of range for axis 0 of size 3"));
    }
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(indexOp({t, idx(-1)})));
  }

  void stackJoins() {
    auto s = UOp::make(Op::Stack, dtypes::int32,
                       {constant(dtypes::int32, int64_t(1)), constant(dtypes::int32, int64_t(2)),
                        constant(dtypes::int32, int64_t(3))});
    QCOMPARE(show(eval(s)), qs("int32 (3,) [1, 2, 3]"));
    auto a = arange(dtypes::int32, {2});
    auto rows = UOp::make(Op::Stack, dtypes::int32, {a, a * 10, a + 5});
    QCOMPARE(show(eval(rows)), qs("int32 (3, 2) [0, 1, 0, 10, 5, 6]"));
    // A shape operand is a Stack too: it evaluates to index values.
    QCOMPARE(show(eval(shapeOperand({4, 5}))), qs("index (2,) [4, 5]"));
  }

  void sliceViews() {
    auto t = arange(dtypes::int32, {6});
    auto s = UOp::make(Op::Slice, dtypes::int32, {t, constIndex(2)}, int64_t(3));
    QCOMPARE(show(eval(s)), qs("int32 (3,) [2, 3, 4]"));
    // The offset counts elements of the source's dtype; the size, of the node's.
    auto bytes = literalInts(dtypes::uint8, {8}, {1, 0, 0, 0, 0x10, 0x20, 0, 0});
    auto word = UOp::make(Op::Slice, dtypes::int32, {bytes, constIndex(4)}, int64_t(1));
    QCOMPARE(show(eval(word)), qs("int32 (1,) [8208]"));
    auto past = UOp::make(Op::Slice, dtypes::int32, {t, constIndex(4)}, int64_t(3));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(past));
  }

  void bitcastReinterprets() {
    QCOMPARE(show(eval(bitcast(literalDoubles(dtypes::float32, {1}, {1.0}), dtypes::int32))),
             qs("int32 (1,) [1065353216]"));
    auto t = literalInts(dtypes::int32, {2}, {0x00020001, -1});
    QCOMPARE(show(eval(bitcast(t, dtypes::int16))), qs("int16 (4,) [1, 2, -1, -1]"));
    QCOMPARE(show(eval(bitcast(bitcast(t, dtypes::uint16), dtypes::int32))),
             qs("int32 (2,) [131073, -1]"));
    auto bytes =
        literalInts(dtypes::uint8, {2, 8}, {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80});
    QCOMPARE(show(eval(bitcast(bytes, dtypes::uint64))),
             qs("uint64 (2, 1) [1, 9223372036854775808]"));
  }

  void replicatedKeepsOneReplica() {
    auto t = arange(dtypes::int32, {2, 3});
    auto r = UOp::make(Op::Replicated, dtypes::int32, {t}, Ints{0});
    QCOMPARE(show(eval(r)), qs("int32 (1, 3) [0, 1, 2]"));
  }

  void markersAndLoadAreIdentity() {
    auto t = arange(dtypes::int32, {3});
    for (Op op : {Op::Contiguous, Op::ContiguousBackward, Op::Detach}) {
      QCOMPARE(show(eval(UOp::make(op, dtypes::int32, {t}))), qs("int32 (3,) [0, 1, 2]"));
    }
    QCOMPARE(show(eval(UOp::make(Op::Load, dtypes::int32, {t}, LoadArg{}))),
             qs("int32 (3,) [0, 1, 2]"));
    QCOMPARE(show(eval(UOp::make(Op::After, dtypes::int32, {t, t + 1}))),
             qs("int32 (3,) [0, 1, 2]"));
  }
};

UOPSCOPE_TEST(TestMovement);
#include "test_movement.moc"
