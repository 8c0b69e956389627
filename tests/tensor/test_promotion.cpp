// tinygrad's promotion lattice and how tensor ops apply it (weak Python constants).
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include "core/tensor/dtype_promotion.h"

#include <QTest>

using namespace uops;
using tensortest::qs;

Q_DECLARE_METATYPE(uops::PromoType)

class TestPromotion : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void lattice_data();
  void lattice();
  void sumAcc_data();
  void sumAcc();
  void tensorOps_data();
  void tensorOps();
  void weakConstantsTakeTheOtherDtype();
  void bigPythonIntsStayExact();
  void names();
};

void TestPromotion::lattice_data() {
  QTest::addColumn<PromoType>("a");
  QTest::addColumn<PromoType>("b");
  QTest::addColumn<QString>("expected");
  using P = PromoType;
  auto row = [](const char* name, P a, P b, const char* want) {
    QTest::newRow(name) << a << b << qs(want);
  };
  row("bool+bool", P::Bool, P::Bool, "dtypes.bool");
  row("bool+weakint", P::Bool, P::WeakInt, "dtypes.weakint");
  row("int8+weakint", P::Int8, P::WeakInt, "dtypes.char");
  row("uint8+int8 -> int16", P::UInt8, P::Int8, "dtypes.short");
  row("uint8+uint16", P::UInt8, P::UInt16, "dtypes.ushort");
  row("uint32+int32 -> int64", P::UInt32, P::Int32, "dtypes.long");
  row("int64+uint64 -> weakfloat", P::Int64, P::UInt64, "dtypes.weakfloat");
  row("int32+weakfloat", P::Int32, P::WeakFloat, "dtypes.weakfloat");
  row("float16+weakfloat", P::Float16, P::WeakFloat, "dtypes.half");
  row("float16+bfloat16 -> float32", P::Float16, P::BFloat16, "dtypes.float");
  row("bfloat16+int64", P::BFloat16, P::Int64, "dtypes.bfloat16");
  row("float32+float64", P::Float32, P::Float64, "dtypes.double");
  row("weakint+weakfloat", P::WeakInt, P::WeakFloat, "dtypes.weakfloat");
  row("uint64+float16", P::UInt64, P::Float16, "dtypes.half");
}

void TestPromotion::lattice() {
  QFETCH(PromoType, a);
  QFETCH(PromoType, b);
  QFETCH(QString, expected);
  QCOMPARE(qs(promoTypeName(leastUpperType(a, b))), expected);
  QCOMPARE(qs(promoTypeName(leastUpperType(b, a))), expected); // symmetric
}

void TestPromotion::sumAcc_data() {
  QTest::addColumn<int>("in");
  QTest::addColumn<int>("out");
  auto row = [](const char* n, DType a, DType b) {
    QTest::newRow(n) << static_cast<int>(a.scalar) << static_cast<int>(b.scalar);
  };
  row("bool", dtypes::bool_, dtypes::int32);
  row("int8", dtypes::int8, dtypes::int32);
  row("uint8", dtypes::uint8, dtypes::uint32);
  row("int64", dtypes::int64, dtypes::int64);
  row("uint64", dtypes::uint64, dtypes::uint64);
  row("float16", dtypes::float16, dtypes::float32);
  row("float64", dtypes::float64, dtypes::float64);
}

void TestPromotion::sumAcc() {
  QFETCH(int, in);
  QFETCH(int, out);
  QCOMPARE(static_cast<int>(sumAccDType(DType(static_cast<ScalarType>(in))).scalar), out);
}

void TestPromotion::tensorOps_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<bool>("weak");
  Tensor b = Tensor::fromList({true, false}), i = Tensor::fromList({1, 2});
  Tensor f = Tensor::fromList({0.5, 1.5}), u8 = Tensor::fromList({1, 2}, dtypes::uint8);
  Tensor i8 = Tensor::fromList({1, 2}, dtypes::int8),
         h = Tensor::fromList({1.0, 2.0}, dtypes::float16);
  Tensor i64 = Tensor::fromList({1, 2}, dtypes::int64),
         u64 = Tensor::fromList({1, 2}, dtypes::uint64);
  auto row = [](const char* n, const Tensor& t, const char* d, bool w) {
    QTest::newRow(n) << t << qs(d) << w;
  };
  row("float * 2 keeps float", f * Scalar(int64_t{2}), "float32", false);
  row("half * 2.5 keeps half", h * Scalar(2.5), "float16", false);
  row("int * 2.5 is weak float", i * Scalar(2.5), "float32", true);
  row("bool + 1 is weak int", b + Scalar(int64_t{1}), "int32", true);
  row("(bool + 1) + int8 is int8", (b + Scalar(int64_t{1})) + i8, "int8", false);
  row("(int * 2.5) + half is half", (i * Scalar(2.5)) + h, "float16", false);
  row("bool + int", b + i, "int32", false);
  row("bool * float", b * f, "float32", false);
  row("uint8 + int8", u8 + i8, "int16", false);
  row("uint8 + 10", u8 + Scalar(int64_t{10}), "uint8", false);
  row("int64 + uint64 is weak float", i64 + u64, "float32", true);
  row("int / int is float32", i / i, "float32", false);
  row("int // int stays int", i.floorDiv(i), "int32", false);
  row("int < float is bool", i.lt(f), "bool", false);
  row("int.sqrt() is float32", i.sqrt(), "float32", false);
  row("int.exp() is float32", i.exp(), "float32", false);
  row("int.sigmoid() is weak float", i.sigmoid(), "float32", true);
  row("int.relu() stays int", i.relu(), "int32", false);
  row("bool.neg() stays bool", b.neg(), "bool", false);
  row("int.abs() stays int", i.abs(), "int32", false);
  row("int.round() is weak float", i.round(), "float32", true);
  row("where(int, 2.5) is weak float", b.where(i, 2.5), "float32", true);
  row("where(1.0, 2) is weak float", b.where(1.0, 2), "float32", true);
  row("one_hot is weak int", i.oneHot(3), "int32", true);
  row("weak reduced becomes strong", (i * Scalar(2.5)).sum(), "float32", false);
  row("mean of int is float32", i.mean(), "float32", false);
  row("sum of bool is int32", b.sum(), "int32", false);
  row("sum of uint8 is uint32", u8.sum(), "uint32", false);
  row("sum of half stays half", h.sum(), "float16", false);
  row("prod of int8 stays int8", i8.prod(), "int8", false);
  row("Tensor(3) is weak int", Tensor::scalar(int64_t{3}), "int32", true);
  row("Tensor(3) + int8", Tensor::scalar(int64_t{3}) + i8, "int8", false);
  row("explicit cast is strong", (i * Scalar(2.5)).cast(dtypes::float32), "float32", false);
}

void TestPromotion::tensorOps() {
  QFETCH(Tensor, t);
  QFETCH(QString, dtype);
  QFETCH(bool, weak);
  QCOMPARE(qs(tensortest::dtypeText(t)), dtype);
  QCOMPARE(t.isWeak(), weak);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestPromotion::weakConstantsTakeTheOtherDtype() {
  // The constant is built in the tensor's dtype: no Cast node for it.
  Tensor h = tensortest::input({3}, dtypes::float16);
  QCOMPARE(qs(tensortest::expr(h * Scalar(int64_t{2}))), QStringLiteral("Mul(a, 2.0)"));
  Tensor u = tensortest::input({2}, dtypes::uint8);
  // -1 wraps to the uint8 pattern 255, as C would convert it.
  QCOMPARE(qs(tensortest::expr(u.neg())), QStringLiteral("Mul(a, 255)"));
  // A strong int tensor gets a Cast into the weak float result.
  Tensor i = tensortest::input({2}, dtypes::int32);
  QCOMPARE(qs(tensortest::expr(i * Scalar(2.5))), QStringLiteral("Mul(Cast(a, float), 2.5)"));
}

void TestPromotion::bigPythonIntsStayExact() {
  Tensor i64 = tensortest::input({2}, dtypes::int64);
  QCOMPARE(qs(tensortest::expr(i64 + Scalar(int64_t{3000000000}))),
           QStringLiteral("Add(a, 3000000000)"));
}

void TestPromotion::names() {
  QCOMPARE(qs(promoTypeName(PromoType::WeakInt)), QStringLiteral("dtypes.weakint"));
  QVERIFY(materialize(PromoType::WeakFloat) == dtypes::float32);
  QVERIFY(leastUpperFloat(PromoType::WeakInt) == PromoType::WeakFloat);
  QVERIFY(leastUpperFloat(PromoType::Int8) == PromoType::Float32);
  QVERIFY(leastUpperFloat(PromoType::Float16) == PromoType::Float16);
  QVERIFY_THROWS_EXCEPTION(TensorError, promoTypeOf(dtypes::index));
}

UOPSCOPE_TEST(TestPromotion);
#include "test_promotion.moc"
