// DType names and sizes, and the dtype derived property of each op group.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include <QTest>

using namespace uops;
using irtest::qs;
using irtest::buf;

Q_DECLARE_METATYPE(uops::DType)

class TestDType : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void names_data();
  void names();
  void badNames_data();
  void badNames();
  void properties();
  void derived_data();
  void derived();
};

void TestDType::names_data() {
  QTest::addColumn<DType>("dtype");
  QTest::addColumn<QString>("text");
  QTest::newRow("void") << dtypes::void_ << QStringLiteral("dtypes.void");
  QTest::newRow("bool") << dtypes::bool_ << QStringLiteral("dtypes.bool");
  QTest::newRow("int8") << dtypes::int8 << QStringLiteral("dtypes.char");
  QTest::newRow("int32") << dtypes::int32 << QStringLiteral("dtypes.int");
  QTest::newRow("int64") << dtypes::int64 << QStringLiteral("dtypes.long");
  QTest::newRow("uint8") << dtypes::uint8 << QStringLiteral("dtypes.uchar");
  QTest::newRow("uint64") << dtypes::uint64 << QStringLiteral("dtypes.ulong");
  QTest::newRow("half") << dtypes::float16 << QStringLiteral("dtypes.half");
  QTest::newRow("bfloat16") << dtypes::bfloat16 << QStringLiteral("dtypes.bfloat16");
  QTest::newRow("float") << dtypes::float32 << QStringLiteral("dtypes.float");
  QTest::newRow("double") << dtypes::float64 << QStringLiteral("dtypes.double");
  QTest::newRow("index") << dtypes::index << QStringLiteral("dtypes.index");
  QTest::newRow("vector") << dtypes::float32.vec(4) << QStringLiteral("dtypes.float.vec(4)");
  QTest::newRow("pointer") << dtypes::float32.ptr(16) << QStringLiteral("dtypes.float.ptr(16)");
  QTest::newRow("unsized pointer") << dtypes::int32.ptr() << QStringLiteral("dtypes.int.ptr(-1)");
  QTest::newRow("local pointer") << dtypes::float32.ptr(16, AddrSpace::Local)
                                 << QStringLiteral("dtypes.float.ptr(16, LOCAL)");
  QTest::newRow("pointer to vectors") << dtypes::float16.vec(2).ptr(8, AddrSpace::Reg)
                                      << QStringLiteral("dtypes.half.vec(2).ptr(8, REG)");
}

void TestDType::names() {
  QFETCH(DType, dtype);
  QFETCH(QString, text);
  QCOMPARE(qs(toString(dtype)), text);
  auto parsed = parseDType(text.toStdString());
  QVERIFY(parsed);
  QVERIFY(*parsed == dtype);
}

void TestDType::badNames_data() {
  QTest::addColumn<QString>("text");
  QTest::newRow("typo") << QStringLiteral("dtypes.flot");
  QTest::newRow("no prefix") << QStringLiteral("float");
  QTest::newRow("vec(0)") << QStringLiteral("dtypes.float.vec(0)");
  QTest::newRow("unclosed") << QStringLiteral("dtypes.float.ptr(16");
  QTest::newRow("bad addrspace") << QStringLiteral("dtypes.float.ptr(16, SHARED)");
  QTest::newRow("trailing") << QStringLiteral("dtypes.float x");
}

void TestDType::badNames() {
  QFETCH(QString, text);
  QVERIFY(!parseDType(text.toStdString()));
}

void TestDType::properties() {
  QCOMPARE(dtypes::bool_.itemSize(), 1);
  QCOMPARE(dtypes::int16.itemSize(), 2);
  QCOMPARE(dtypes::bfloat16.itemSize(), 2);
  QCOMPARE(dtypes::float32.itemSize(), 4);
  QCOMPARE(dtypes::index.itemSize(), 8);
  QCOMPARE(dtypes::uint64.bits(), 64);
  QVERIFY(dtypes::index.isInt() && !dtypes::index.isUnsigned());
  QVERIFY(dtypes::uint32.isInt() && dtypes::uint32.isUnsigned());
  QVERIFY(dtypes::bfloat16.isFloat() && !dtypes::bfloat16.isInt());
  QVERIFY(!dtypes::bool_.isInt() && dtypes::bool_.isBool());
  QVERIFY(dtypes::float32.vec(4).ptr(4).base() == dtypes::float32.vec(4));
  QVERIFY(dtypes::float32.vec(4).scalarType() == dtypes::float32);
  QCOMPARE(qs(std::string(scalarNumpyName(ScalarType::UInt16))), QStringLiteral("uint16"));
  QVERIFY(scalarFromName("float32") == ScalarType::Float32);
  QVERIFY(scalarFromName("half") == ScalarType::Float16);
}

void TestDType::derived_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("dtype");
  UOpPtr f = buf(dtypes::float32), i = buf(dtypes::int32);
  QTest::newRow("buffer: from arg") << buf(dtypes::uint16) << QStringLiteral("dtypes.ushort");
  QTest::newRow("const") << constant(dtypes::int8, int64_t(3)) << QStringLiteral("dtypes.char");
  QTest::newRow("param") << param(0, dtypes::float16, {2}) << QStringLiteral("dtypes.half");
  QTest::newRow("movement keeps src[0]") << reshape(i, {2, 2}) << QStringLiteral("dtypes.int");
  QTest::newRow("bitcast: target") << bitcast(f, dtypes::uint32) << QStringLiteral("dtypes.uint");
  QTest::newRow("reduce keeps src[0]") << reduce(i, Op::Max, {0}) << QStringLiteral("dtypes.int");
  QTest::newRow("cast: target") << cast(i, dtypes::float64) << QStringLiteral("dtypes.double");
  QTest::newRow("add: src[0]") << f + f << QStringLiteral("dtypes.float");
  QTest::newRow("cmplt: bool") << lt(i, i) << QStringLiteral("dtypes.bool");
  QTest::newRow("cmpne of vectors: bool vector")
      << ne(UOp::make(Op::Stack, dtypes::float32.vec(4), {}),
            UOp::make(Op::Stack, dtypes::float32.vec(4), {}))
      << QStringLiteral("dtypes.bool.vec(4)");
  QTest::newRow("not: bool") << alu(Op::Not, {i}) << QStringLiteral("dtypes.bool");
  QTest::newRow("where: src[1]") << where(lt(i, i), f, f) << QStringLiteral("dtypes.float");
  QTest::newRow("float division: Mul of Recip") << f / f << QStringLiteral("dtypes.float");
  QTest::newRow("range: index") << range(4, 0) << QStringLiteral("dtypes.index");
  QTest::newRow("sink: void") << sink({f}) << QStringLiteral("dtypes.void");
  QTest::newRow("shape operand: index") << shapeOperand({2, 3}) << QStringLiteral("dtypes.index");
  QTest::newRow("weak const takes x's dtype") << (i * 2)->src(1) << QStringLiteral("dtypes.int");
}

void TestDType::derived() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, dtype);
  QCOMPARE(qs(toString(node->dtype())), dtype);
}

UOPSCOPE_TEST(TestDType);
#include "test_dtype.moc"
