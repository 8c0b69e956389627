// The shape derived property, one row per rule of the spec's tables.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/shape.h"

#include <QTest>

using namespace uops;
using irtest::qs;

namespace {

UOpPtr shapedBuf(const Shape& shape, DType dtype = dtypes::float32) {
  return reshape(buffer(1, dtype, shapeProduct(shape), irtest::cpu()), shape);
}

UOpPtr index(int64_t v) {
  return constIndex(v);
}

} // namespace

class TestShape : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void shape_data();
  void shape();
  void invalid_data();
  void invalid();
  void helpers();
};

void TestShape::shape_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("shape");
  // Source ops.
  QTest::newRow("buffer") << buffer(1, dtypes::float32, 16, irtest::cpu())
                          << QStringLiteral("(16,)");
  QTest::newRow("buffer on a 3-tuple device: n*size")
      << buffer(1, dtypes::float32, 8, DeviceArg{{"CL:0", "CL:1", "CL:2"}}) << QStringLiteral("(24,)");
  QTest::newRow("const") << constant(dtypes::int32, int64_t(3)) << QStringLiteral("()");
  QTest::newRow("binary: its byte count")
      << UOp::make(Op::Binary, dtypes::uint8, {}, std::string("abcd")) << QStringLiteral("(4,)");
  QTest::newRow("param: from src[0]")
      << param(0, dtypes::float32, {2, 3}) << QStringLiteral("(2, 3)");
  // Movement ops.
  QTest::newRow("permute") << permute(shapedBuf({2, 3, 4}), {2, 0, 1}) << QStringLiteral("(4, 2, 3)");
  QTest::newRow("flip") << flip(shapedBuf({2, 3}), {true, false}) << QStringLiteral("(2, 3)");
  QTest::newRow("reshape") << reshape(shapedBuf({12}), {3, 4}) << QStringLiteral("(3, 4)");
  QTest::newRow("reshape to scalar") << reshape(shapedBuf({1}), {}) << QStringLiteral("()");
  QTest::newRow("expand size-1 axes") << expand(shapedBuf({3, 1}), {3, 4}) << QStringLiteral("(3, 4)");
  QTest::newRow("pad") << pad(shapedBuf({3, 2}), {1, 0}, {5, 4}) << QStringLiteral("(5, 4)");
  QTest::newRow("shrink") << shrink(shapedBuf({5, 4}), {1, 0}, {2, 4}) << QStringLiteral("(2, 4)");
  QTest::newRow("index with () removes the dim")
      << UOp::make(Op::Index, dtypes::float32, {shapedBuf({3, 4}), index(1)}) << QStringLiteral("(4,)");
  QTest::newRow("index every dim")
      << UOp::make(Op::Index, dtypes::float32, {shapedBuf({3, 4}), index(1), index(2)})
      << QStringLiteral("()");
  QTest::newRow("index with (k,) makes the dim k")
      << UOp::make(Op::Index, dtypes::float32, {shapedBuf({3, 4}), shapedBuf({5}, dtypes::int32)})
      << QStringLiteral("(5, 4)");
  QTest::newRow("index mixing both")
      << UOp::make(Op::Index, dtypes::float32, {shapedBuf({3, 4, 2}), shapedBuf({6}, dtypes::int32), index(0)})
      << QStringLiteral("(6, 2)");
  QTest::newRow("stack adds a leading axis")
      << UOp::make(Op::Stack, dtypes::float32, {shapedBuf({2}), shapedBuf({2}), shapedBuf({2})})
      << QStringLiteral("(3, 2)");
  QTest::newRow("stack of scalars") << shapeOperand({7, 8}) << QStringLiteral("(2,)");
  QTest::newRow("stack of nothing")
      << UOp::make(Op::Stack, dtypes::index, {}) << QStringLiteral("(0,)");
  QTest::newRow("replicated collapses axes")
      << UOp::make(Op::Replicated, dtypes::float32, {shapedBuf({2, 8, 3})}, Ints{0, 2})
      << QStringLiteral("(1, 8, 1)");
  QTest::newRow("slice: size elements")
      << UOp::make(Op::Slice, dtypes::float16, {shapedBuf({16}), index(4)}, int64_t(6))
      << QStringLiteral("(6,)");
  QTest::newRow("bitcast, same size")
      << bitcast(shapedBuf({3, 4}), dtypes::int32) << QStringLiteral("(3, 4)");
  QTest::newRow("bitcast to a smaller dtype")
      << bitcast(shapedBuf({3, 4}), dtypes::float16) << QStringLiteral("(3, 8)");
  QTest::newRow("bitcast to a larger dtype")
      << bitcast(shapedBuf({8}, dtypes::uint8), dtypes::float32) << QStringLiteral("(2,)");
  // Reduce, elementwise, call and the rest.
  QTest::newRow("reduce one axis") << reduce(shapedBuf({3, 4}), Op::Add, {1}) << QStringLiteral("(3, 1)");
  QTest::newRow("reduce all axes")
      << reduce(shapedBuf({3, 4}), Op::Max, {0, 1}) << QStringLiteral("(1, 1)");
  QTest::newRow("elementwise broadcast") << shapedBuf({3, 1}) + shapedBuf({4}) << QStringLiteral("(3, 4)");
  QTest::newRow("elementwise with a scalar") << shapedBuf({3}) * 2 << QStringLiteral("(3,)");
  QTest::newRow("where broadcasts all three")
      << where(lt(shapedBuf({4}), shapedBuf({4})), shapedBuf({3, 1}), constant(dtypes::float32, 0.0))
      << QStringLiteral("(3, 4)");
  QTest::newRow("cast keeps the shape")
      << cast(shapedBuf({2, 5}), dtypes::int8) << QStringLiteral("(2, 5)");
  QTest::newRow("comparison") << lt(shapedBuf({2, 1}), shapedBuf({1, 3})) << QStringLiteral("(2, 3)");
  UOpPtr a = param(0, dtypes::float32, {2, 3}), b = param(1, dtypes::int32, {5});
  UOpPtr fn = UOp::make(
      Op::Function, dtypes::void_,
      {UOp::make(Op::Tuple, dtypes::void_, {a, b}), shapedBuf({2, 3}), shapedBuf({5}, dtypes::int32)});
  QTest::newRow("gettuple of a function")
      << UOp::make(Op::GetTuple, dtypes::int32, {fn}, int64_t(1)) << QStringLiteral("(5,)");
  QTest::newRow("function itself") << fn << QStringLiteral("()");
  QTest::newRow("load keeps the shape")
      << UOp::make(Op::Load, dtypes::float32, {shapedBuf({4, 4})}, LoadArg{}) << QStringLiteral("(4, 4)");
  QTest::newRow("store is ()") << UOp::make(Op::Store, dtypes::void_, {shapedBuf({4}), shapedBuf({4})})
                               << QStringLiteral("()");
  QTest::newRow("range is ()") << range(10, 0) << QStringLiteral("()");
  QTest::newRow("after: src[0]") << UOp::make(Op::After, dtypes::float32, {shapedBuf({4}), range(3, 0)})
                                 << QStringLiteral("(4,)");
  QTest::newRow("contiguous") << UOp::make(Op::Contiguous, dtypes::float32, {shapedBuf({2, 2})})
                              << QStringLiteral("(2, 2)");
  QTest::newRow("sink") << sink({shapedBuf({3})}) << QStringLiteral("()");
}

void TestShape::shape() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, shape);
  QVERIFY(node->shapeValid());
  QCOMPARE(qs(toString(node->shape())), shape);
}

void TestShape::invalid_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("why");
  QTest::newRow("reshape changes the count")
      << reshape(shapedBuf({3, 4}), {5})
      << QStringLiteral("Reshape from (3, 4) to (5,) changes the number of elements");
  QTest::newRow("expand a non-1 axis")
      << expand(shapedBuf({3, 2}), {3, 4})
      << QStringLiteral("Expand from (3, 2) to (3, 4): axis 1 is neither 1 nor 4");
  QTest::newRow("broadcast mismatch")
      << shapedBuf({3}) + shapedBuf({4}) << QStringLiteral("cannot broadcast (3,) with (4,)");
  QTest::newRow("stack of unequal shapes")
      << UOp::make(Op::Stack, dtypes::float32, {shapedBuf({2}), shapedBuf({3})})
      << QStringLiteral("Stack of shapes (2,) and (3,)");
  QTest::newRow("pad that does not fit")
      << pad(shapedBuf({3}), {3}, {5})
      << QStringLiteral("Pad axis 0: offset 3 and size 3 do not fit size 5");
  QTest::newRow("bitcast of a scalar to another size")
      << bitcast(constant(dtypes::float32, 1.0), dtypes::float16)
      << QStringLiteral("Bitcast of a scalar from dtypes.float to dtypes.half changes its size");
  QTest::newRow("source without a shape")
      << reshape(shapedBuf({3}), {4}) * 2 << QStringLiteral("source 0 has no valid shape");
}

void TestShape::invalid() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, why);
  QVERIFY(!node->shapeValid());
  QVERIFY(node->shape().empty());
  std::string reason;
  QVERIFY(!inferShape(node->op(), node->dtype(), node->src(), node->arg(), &reason));
  QCOMPARE(qs(reason), why);
}

void TestShape::helpers() {
  QCOMPARE(qs(toString(Shape{})), QStringLiteral("()"));
  QCOMPARE(qs(toString(Shape{5})), QStringLiteral("(5,)"));
  QCOMPARE(qs(toString(Shape{3, 4})), QStringLiteral("(3, 4)"));
  QCOMPARE(shapeProduct({3, 4, 5}), int64_t(60));
  QCOMPARE(*broadcastShapes({3, 1}, {1, 4}), (Shape{3, 4}));
  QVERIFY(!broadcastShapes({3}, {4}));
  QCOMPARE(*shapeOperandValues(*shapeOperand({2, 9})), (Shape{2, 9}));
  QVERIFY(!shapeOperandValues(*constIndex(3)));
}

UOPSCOPE_TEST(TestShape);
#include "test_shape.moc"
