// Creation: the literal and fill conventions, dtype inference, arange, linspace, eye.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

#include <cmath>
#include <cstring>

using namespace uops;
using tensortest::expr;
using tensortest::qs;

namespace {

// The bytes of a literal's Binary node, as hex.
std::string literalHex(const Tensor& t) {
  const UOp* u = t.uop().get();
  while (u->op() != Op::Binary)
    u = u->src(0).get();
  std::string out;
  for (unsigned char c : u->argAs<std::string>())
    out += fmt::format("{:02x}", c);
  return out;
}

} // namespace

class TestCreate : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void literalConvention();
  void literalDtypes_data();
  void literalDtypes();
  void literalBytes_data();
  void literalBytes();
  void scalars();
  void fills();
  void emptyIsADistinctBuffer();
  void arange_data();
  void arange();
  void linspaceAndEye();
  void likes();
  void errors();
};

void TestCreate::literalConvention() {
  Tensor t = Tensor::fromList({{1, 2, 3}, {4, 5, 6}});
  // Reshape(Bitcast(Binary(bytes)) -> dtype, shape)
  const UOpPtr& r = t.uop();
  QCOMPARE(r->op(), Op::Reshape);
  QCOMPARE(r->src(0)->op(), Op::Bitcast);
  QVERIFY(r->src(0)->dtype() == dtypes::int32);
  QCOMPARE(r->src(0)->src(0)->op(), Op::Binary);
  QVERIFY(r->src(0)->src(0)->dtype() == dtypes::uint8);
  QCOMPARE(qs(tensortest::shapeText(t)), QStringLiteral("(2, 3)"));
  QCOMPARE(qs(expr(t)), QStringLiteral("Reshape(Bitcast(Binary[24], int), (2, 3))"));
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
  QCOMPARE(t.device(), std::string("CPU"));
  QVERIFY(!t.isWeak());
}

void TestCreate::literalDtypes_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<QString>("shape");
  auto row = [](const char* n, const Tensor& t, const char* d, const char* s) {
    QTest::newRow(n) << t << qs(d) << qs(s);
  };
  row("ints are int32", Tensor::fromList({1, 2, 3}), "int32", "(3,)");
  row("a float makes float32", Tensor::fromList({1, 2.5, true}), "float32", "(3,)");
  row("bools are bool", Tensor::fromList({true, false}), "bool", "(2,)");
  row("bool and int is int32", Tensor::fromList({true, 1}), "int32", "(2,)");
  row("empty list is float32", Tensor::fromList(Nested(std::vector<Nested>{})), "float32", "(0,)");
  row("nested", Tensor::fromList({{{1.0}, {2.0}}}), "float32", "(1, 2, 1)");
  row("explicit dtype", Tensor::fromList({1, 2}, dtypes::float16), "float16", "(2,)");
  row("flat data", Tensor::fromFlat({int64_t{1}, int64_t{2}, int64_t{3}, int64_t{4}}, {2, 2}),
      "int32", "(2, 2)");
}

void TestCreate::literalDtypes() {
  QFETCH(Tensor, t);
  QFETCH(QString, dtype);
  QFETCH(QString, shape);
  QCOMPARE(qs(tensortest::dtypeText(t)), dtype);
  QCOMPARE(qs(tensortest::shapeText(t)), shape);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestCreate::literalBytes_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("hex");
  auto row = [](const char* n, const Tensor& t, const char* h) { QTest::newRow(n) << t << qs(h); };
  row("int32 little endian", Tensor::fromList({1, -2}), "01000000feffffff");
  row("int8 wraps like C, floats truncate", Tensor::fromList({200, -129, 1.9}, dtypes::int8),
      "c87f01");
  row("uint32 of -1", Tensor::fromList({-1}, dtypes::uint32), "ffffffff");
  row("bool", Tensor::fromList({true, false, true}), "010001");
  row("float32", Tensor::fromList({1.0, -2.5}), "0000803f000020c0");
  // 0.1 rounds to 0x2e66; 65504 is the largest half; 70000 overflows to inf.
  row("float16 rounds to nearest even", Tensor::fromList({0.1, 65504.0, 70000.0}, dtypes::float16),
      "662eff7b007c");
  row("float16 subnormal", Tensor::fromList({5.960464477539063e-08, 1e-9}, dtypes::float16),
      "01000000");
  // bfloat16 keeps the top half of the float32, rounded half to even.
  row("bfloat16", Tensor::fromList({0.1, 1.00390625, 3.14159}, dtypes::bfloat16), "cd3d803f4940");
  row("float64", Tensor::fromList({1.0}, dtypes::float64), "000000000000f03f");
  row("int64", Tensor::fromList({int64_t{3000000000}}, dtypes::int64), "005ed0b200000000");
}

void TestCreate::literalBytes() {
  QFETCH(Tensor, t);
  QFETCH(QString, hex);
  QCOMPARE(qs(literalHex(t)), hex);
}

void TestCreate::scalars() {
  Tensor w = Tensor::scalar(int64_t{3});
  QCOMPARE(qs(expr(w)), QStringLiteral("3"));
  QVERIFY(w.isWeak());
  QCOMPARE(w.ndim(), int64_t{0});
  Tensor s = Tensor::scalar(int64_t{3}, dtypes::float32);
  QVERIFY(!s.isWeak());
  QCOMPARE(qs(tensortest::dtypeText(s)), QStringLiteral("float32"));
  // A Python scalar as list data is a Const too, like Tensor(3).
  QCOMPARE(Tensor::fromList(2.5).uop()->op(), Op::Const);
}

void TestCreate::fills() {
  // Expand(Reshape(Const, (1, 1)), shape)
  Tensor z = Tensor::zeros({2, 3});
  QCOMPARE(z.uop()->op(), Op::Expand);
  QCOMPARE(z.uop()->src(0)->op(), Op::Reshape);
  QCOMPARE(qs(toString(z.uop()->src(0)->shape())), QStringLiteral("(1, 1)"));
  QCOMPARE(z.uop()->src(0)->src(0)->op(), Op::Const);
  QCOMPARE(qs(tensortest::dtypeText(z)), QStringLiteral("float32"));
  QCOMPARE(qs(tensortest::dtypeText(Tensor::full({2}, int64_t{3}))), QStringLiteral("int32"));
  QCOMPARE(qs(tensortest::dtypeText(Tensor::full({2}, false))), QStringLiteral("bool"));
  QCOMPARE(qs(tensortest::dtypeText(Tensor::ones({2}, dtypes::int8))), QStringLiteral("int8"));
  QVERIFY(!Tensor::full({2}, int64_t{3}).isWeak());
  // A size-1 shape needs no Expand, a 0-d one no Reshape.
  QCOMPARE(Tensor::ones({1, 1}).uop()->op(), Op::Reshape);
  QCOMPARE(Tensor::ones({}).uop()->op(), Op::Const);
  QCOMPARE(qs(tensortest::verifyText(z)), QString());
}

void TestCreate::emptyIsADistinctBuffer() {
  Tensor a = Tensor::empty({2, 2}), b = Tensor::empty({2, 2});
  QVERIFY(a.uop() != b.uop());
  QCOMPARE(a.uop()->src(0)->op(), Op::Buffer);
  QCOMPARE(a.uop()->src(0)->argAs<BufferArg>().size, int64_t{4});
  QCOMPARE(qs(tensortest::verifyText(a)), QString());
}

void TestCreate::arange_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<QString>("shape");
  auto row = [](const char* n, const Tensor& t, const char* d, const char* s) {
    QTest::newRow(n) << t << qs(d) << qs(s);
  };
  row("arange(5)", Tensor::arange(5), "int32", "(5,)");
  row("arange(5, 35, 3)", Tensor::arange(5, 35, 3), "int32", "(10,)");
  row("arange(5, 0, -2)", Tensor::arange(5, 0, -2), "int32", "(3,)");
  row("arange(0, 1, 0.25) is float", Tensor::arange(0, 1, 0.25), "float32", "(4,)");
  row("arange(0, 1, 0.3)", Tensor::arange(0, 1, 0.3), "float32", "(4,)");
  row("arange(5, 0) is empty", Tensor::arange(5, 0), "int32", "(0,)");
  row("large ints are int64", Tensor::arange(int64_t{3000000000}, int64_t{3000000003}), "int64",
      "(3,)");
  row("explicit dtype", Tensor::arange(0, 4, 1, dtypes::uint32), "uint32", "(4,)");
  row("long arange is chunked", Tensor::arange(1000), "int32", "(1000,)");
}

void TestCreate::arange() {
  QFETCH(Tensor, t);
  QFETCH(QString, dtype);
  QFETCH(QString, shape);
  QCOMPARE(qs(tensortest::dtypeText(t)), dtype);
  QCOMPARE(qs(tensortest::shapeText(t)), shape);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestCreate::linspaceAndEye() {
  Tensor l = Tensor::linspace(-6.0, 6.0, 25);
  QCOMPARE(qs(tensortest::shapeText(l)), QStringLiteral("(25,)"));
  QCOMPARE(qs(tensortest::dtypeText(l)), QStringLiteral("float32"));
  QCOMPARE(qs(tensortest::dtypeText(Tensor::linspace(0, 10, 4, dtypes::int32))),
           QStringLiteral("int32"));
  QCOMPARE(qs(tensortest::shapeText(Tensor::linspace(2, 5, 1))), QStringLiteral("(1,)"));
  Tensor e = Tensor::eye(2, 3);
  QCOMPARE(qs(tensortest::shapeText(e)), QStringLiteral("(2, 3)"));
  QCOMPARE(qs(tensortest::dtypeText(e)), QStringLiteral("float32"));
  QCOMPARE(qs(tensortest::dtypeText(Tensor::eye(5, std::nullopt, dtypes::bool_))),
           QStringLiteral("bool"));
  QCOMPARE(qs(tensortest::verifyText(e)), QString());
  QCOMPARE(qs(tensortest::verifyText(l)), QString());
}

void TestCreate::likes() {
  Tensor x = Tensor::fromList({{1, 2}, {3, 4}}, dtypes::int8);
  QCOMPARE(qs(tensortest::dtypeText(x.zerosLike())), QStringLiteral("int8"));
  QCOMPARE(qs(tensortest::dtypeText(x.onesLike(dtypes::float32))), QStringLiteral("float32"));
  QCOMPARE(qs(tensortest::shapeText(x.fullLike(7))), QStringLiteral("(2, 2)"));
  QCOMPARE(qs(tensortest::shapeText(x.emptyLike())), QStringLiteral("(2, 2)"));
  QCOMPARE(qs(expr(x.constLike(5))), QStringLiteral("5"));
}

void TestCreate::errors() {
  auto message = [](const std::function<void()>& f) -> QString {
    try {
      f();
    } catch (const TensorError& e) {
      return qs(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(message([] {
             Tensor::fromList({{1, 2}, {3}});
           }),
           QStringLiteral("inhomogeneous shape from [[1, 2], [3]]"));
  QCOMPARE(message([] {
             Tensor::fromList({{1.0, 2.5}, {3.0}});
           }),
           QStringLiteral("inhomogeneous shape from [[1.0, 2.5], [3.0]]"));
  QCOMPARE(message([] { Tensor::linspace(0, 1, -1); }),
           QStringLiteral("number of steps must be non-negative"));
  QCOMPARE(message([] { Tensor::linspace(0, 1, 3, dtypes::bool_); }),
           QStringLiteral("linspace with bool dtype is not supported"));
  QCOMPARE(message([] { Tensor::eye(-1); }), QStringLiteral("cannot have negative n=-1, m_=-1"));
  QCOMPARE(message([] { Tensor::arange(0, 300, 1, dtypes::int8); }),
           QStringLiteral("arange [0, 300) is not representable in dtype dtypes.char"));
  QCOMPARE(message([] { Tensor::arange(0, 3, 0); }),
           QStringLiteral("arange step must not be zero"));
  QCOMPARE(message([] { Tensor::fromFlat({int64_t{1}}, {2}); }),
           QStringLiteral("1 values do not fill shape (2,)"));
  QCOMPARE(message([] { Tensor::zeros({2, -1}); }), QStringLiteral("invalid shape (2, -1)"));
}

UOPSCOPE_TEST(TestCreate);
#include "test_create.moc"
