// The min_max derived property: the spec's column, row by row.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/minmax.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace uops;
using irtest::qs;
using irtest::buf;
using irtest::f32;
using irtest::i32;

namespace {

UOpPtr r(int64_t n) {
  return range(n, n);
}
UOpPtr floats(int64_t n) {
  return cast(r(n), dtypes::float32);
} // [0, n-1] as floats

} // namespace

class TestMinMax : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void minMax_data();
  void minMax();
  void dtypeRanges_data();
  void dtypeRanges();
};

void TestMinMax::minMax_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("expected");
  // Const: [v, v].
  QTest::newRow("const int") << i32(5) << QStringLiteral("[5, 5]");
  QTest::newRow("const float") << f32(2.5) << QStringLiteral("[2.5, 2.5]");
  QTest::newRow("const bool") << constant(dtypes::bool_, true) << QStringLiteral("[1, 1]");
  QTest::newRow("const uint64 max, stored as -1")
      << constant(dtypes::uint64, int64_t(-1))
      << QStringLiteral("[18446744073709551615, 18446744073709551615]");
  QTest::newRow("const int64 min")
      << constant(dtypes::int64, std::numeric_limits<int64_t>::min())
      << QStringLiteral("[-9223372036854775808, -9223372036854775808]");
  // Range: [0, n-1].
  QTest::newRow("range") << r(10) << QStringLiteral("[0, 9]");
  QTest::newRow("range of 1") << r(1) << QStringLiteral("[0, 0]");
  QTest::newRow("range over a range bound") << range(r(10), 7) << QStringLiteral("[0, 8]");
  // Add, Mul, Max.
  QTest::newRow("add const") << r(10) + 3 << QStringLiteral("[3, 12]");
  QTest::newRow("add ranges") << r(10) + r(5) << QStringLiteral("[0, 13]");
  QTest::newRow("mul by negative") << r(10) * -2 << QStringLiteral("[-18, 0]");
  QTest::newRow("mul of intervals across 0")
      << (r(10) - 5) * (r(10) - 5) << QStringLiteral("[-20, 25]");
  QTest::newRow("float mul") << (floats(4) - f32(1.0)) * f32(0.5) << QStringLiteral("[-0.5, 1]");
  QTest::newRow("max") << maximum(r(10) - 5, 0) << QStringLiteral("[0, 4]");
  QTest::newRow("float max") << maximum(floats(3), f32(1.5)) << QStringLiteral("[1.5, 2]");
  QTest::newRow("add overflowing int8 wraps: full range")
      << buf(dtypes::int8) + 1 << QStringLiteral("[-128, 127]");
  // Comparisons decided by intervals.
  QTest::newRow("cmplt always") << lt(r(10), 10) << QStringLiteral("[1, 1]");
  QTest::newRow("cmplt never") << lt(r(10), 0) << QStringLiteral("[0, 0]");
  QTest::newRow("cmplt undecided") << lt(r(10), 5) << QStringLiteral("[0, 1]");
  QTest::newRow("cmplt floats") << lt(floats(4), f32(3.5)) << QStringLiteral("[1, 1]");
  QTest::newRow("cmpne disjoint") << ne(r(10), 20) << QStringLiteral("[1, 1]");
  QTest::newRow("cmpne equal consts") << ne(i32(3), i32(3)) << QStringLiteral("[0, 0]");
  QTest::newRow("cmpne undecided") << ne(r(10), 5) << QStringLiteral("[0, 1]");
  // Where: [min(b, c), max(B, C)], or one branch when the condition is decided.
  QTest::newRow("where") << where(lt(r(10), 5), r(10) + 10, constIndex(100))
                         << QStringLiteral("[10, 100]");
  QTest::newRow("where always true")
      << where(lt(r(10), 10), r(10) + 10, constIndex(100)) << QStringLiteral("[10, 19]");
  QTest::newRow("where always false")
      << where(lt(r(10), 0), r(10) + 10, constIndex(100)) << QStringLiteral("[100, 100]");
  // Cast: clamped to the target dtype.
  QTest::newRow("cast int to float") << floats(10) << QStringLiteral("[0, 9]");
  QTest::newRow("cast float to int8 clamps")
      << cast((floats(10) - f32(5.0)) * f32(100.0), dtypes::int8) << QStringLiteral("[-128, 127]");
  QTest::newRow("cast float to int truncates")
      << cast(floats(4) * f32(0.75), dtypes::int32) << QStringLiteral("[0, 2]");
  // in float32 0.3f * 3 + 0.1f is 1.0f (in double 0.3 * 3 + 0.1 is below 1): the bounds round as
  // the kernel does, outward, and the cast may give 1
  QTest::newRow("float bounds round as float32")
      << cast(floats(4) * f32(0.3) + f32(0.1), dtypes::int32) << QStringLiteral("[0, 1]");
  QTest::newRow("float32 const is its float32 value")
      << f32(0.1) << QStringLiteral("[0.10000000149011612, 0.10000000149011612]");
  QTest::newRow("cast int that fits") << cast(r(100), dtypes::uint8) << QStringLiteral("[0, 99]");
  QTest::newRow("cast int that does not fit")
      << cast(r(300), dtypes::uint8) << QStringLiteral("[0, 255]");
  QTest::newRow("cast to bool, maybe zero")
      << cast(r(10), dtypes::bool_) << QStringLiteral("[0, 1]");
  QTest::newRow("cast to bool, never zero")
      << cast(r(10) + 1, dtypes::bool_) << QStringLiteral("[1, 1]");
  // Idiv and Mod by positive constants.
  QTest::newRow("idiv") << r(10) / 3 << QStringLiteral("[0, 3]");
  QTest::newRow("idiv of negatives truncates") << (r(10) - 5) / 2 << QStringLiteral("[-2, 2]");
  QTest::newRow("idiv by a range: dtype range")
      << r(10) / (r(3) + 1) << QStringLiteral("[-9223372036854775808, 9223372036854775807]");
  QTest::newRow("mod") << r(10) % 3 << QStringLiteral("[0, 2]");
  QTest::newRow("mod of a smaller value") << r(3) % 5 << QStringLiteral("[0, 2]");
  QTest::newRow("mod within one period") << (r(4) + 4) % 8 << QStringLiteral("[4, 7]");
  QTest::newRow("mod within a later period") << (r(3) + 9) % 4 << QStringLiteral("[1, 3]");
  QTest::newRow("mod of negatives") << (r(10) - 5) % 3 << QStringLiteral("[-2, 2]");
  // Movement ops pass src[0] through; Pad adds zeros; Stack is the union.
  QTest::newRow("stack") << shapeOperand({4, 1, 7}) << QStringLiteral("[1, 7]");
  QTest::newRow("reshape of a stack")
      << reshape(shapeOperand({4, 7}), {2, 1}) << QStringLiteral("[4, 7]");
  QTest::newRow("pad adds 0") << pad(shapeOperand({4, 7}), {1}, {3}) << QStringLiteral("[0, 7]");
  // Other ops: dtype range.
  QTest::newRow("reduce") << reduce(reshape(buf(dtypes::int8), {4}), Op::Add, {0})
                          << QStringLiteral("[-128, 127]");
  QTest::newRow("xor") << (r(4) ^ r(4))
                       << QStringLiteral("[-9223372036854775808, 9223372036854775807]");
  QTest::newRow("recip") << alu(Op::Recip, {f32(2.0)}) << QStringLiteral("[-inf, inf]");
  // Nodes that break the spec still have a min_max.
  QTest::newRow("wrong arity: dtype range")
      << UOp::make(Op::Add, dtypes::int8, {constant(dtypes::int8, int64_t(1))})
      << QStringLiteral("[-128, 127]");
  QTest::newRow("nan under an int dtype: dtype range")
      << constant(dtypes::int8, std::nan("")) << QStringLiteral("[-128, 127]");
}

void TestMinMax::minMax() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, expected);
  QCOMPARE(qs(toString(node->minMax())), expected);
}

void TestMinMax::dtypeRanges_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("expected");
  QTest::newRow("bool") << buf(dtypes::bool_) << QStringLiteral("[0, 1]");
  QTest::newRow("int8") << buf(dtypes::int8) << QStringLiteral("[-128, 127]");
  QTest::newRow("uint8") << buf(dtypes::uint8) << QStringLiteral("[0, 255]");
  QTest::newRow("int16") << buf(dtypes::int16) << QStringLiteral("[-32768, 32767]");
  QTest::newRow("uint32") << buf(dtypes::uint32) << QStringLiteral("[0, 4294967295]");
  QTest::newRow("int64") << buf(dtypes::int64)
                         << QStringLiteral("[-9223372036854775808, 9223372036854775807]");
  QTest::newRow("uint64") << buf(dtypes::uint64) << QStringLiteral("[0, 18446744073709551615]");
  QTest::newRow("index, as int64")
      << buf(dtypes::index) << QStringLiteral("[-9223372036854775808, 9223372036854775807]");
  QTest::newRow("float") << buf(dtypes::float32) << QStringLiteral("[-inf, inf]");
  QTest::newRow("half") << buf(dtypes::float16) << QStringLiteral("[-inf, inf]");
}

void TestMinMax::dtypeRanges() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, expected);
  QCOMPARE(qs(toString(node->minMax())), expected);
  QCOMPARE(qs(toString(dtypeRange(node->dtype()))), expected);
}

UOPSCOPE_TEST(TestMinMax);
#include "test_minmax.moc"
