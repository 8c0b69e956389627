// Elementwise ops as graphs: the spec's decompositions, broadcasting and dtypes.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

#include <functional>

using namespace uops;
using tensortest::expr;
using tensortest::input;
using tensortest::qs;

class TestElementwise : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void decompositions_data();
  void decompositions();
  void broadcastingIsExplicit();
  void everyOpIsSpecValid_data();
  void everyOpIsSpecValid();
  void errors();
};

void TestElementwise::decompositions_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("expected");
  Tensor a = input({3}), b = input({3});
  Tensor i = input({3}, dtypes::int32), j = input({3}, dtypes::int32),
         u = input({3}, dtypes::uint8);
  Tensor m = input({3}, dtypes::bool_);
  auto row = [](const char* n, const Tensor& t, const char* e) { QTest::newRow(n) << t << qs(e); };
  row("add", a + b, "Add(a, b)");
  row("neg is Mul by -1", -a, "Mul(a, -1.0)");
  row("sub is Add(a, Neg(b))", a - b, "Add(a, Mul(b, -1.0))");
  row("div is Mul(a, Recip(b))", a / b, "Mul(a, Recip(b))");
  row("int div casts to float", i / j, "Mul(Cast(a, float), Recip(Cast(b, float)))");
  row("lt", a.lt(b), "CmpLt(a, b)");
  row("gt is CmpLt(b, a)", a.gt(b), "CmpLt(b, a)");
  row("ge is CmpNe(CmpLt(a, b), 1)", a.ge(b), "CmpNe(CmpLt(a, b), True)");
  row("le is CmpNe(CmpLt(b, a), 1)", a.le(b), "CmpNe(CmpLt(b, a), True)");
  row("eq is CmpNe(CmpNe(a, b), 1)", a.eq(b), "CmpNe(CmpNe(a, b), True)");
  row("ne", a.ne(b), "CmpNe(a, b)");
  row("not is CmpNe(a, 1)", m.logicalNot(), "CmpNe(a, True)");
  row("sqrt stays one op", a.sqrt(), "Sqrt(a)");
  row("exp is Exp2(x / ln 2)", a.exp(), "Exp2(Mul(a, 1.4426950408889634))");
  row("log is Log2(x) * ln 2", a.log(), "Mul(Log2(a), 0.6931471805599453)");
  row("sin", a.sin(), "Sin(a)");
  row("cos is sin(pi/2 - x)", a.cos(), "Sin(Add(1.5707963267948966, Mul(a, -1.0)))");
  // float powers stay Pow (simplified by Instruction Selection, after gradients)
  row("pow 2 stays Pow", a.pow(2), "Pow(a, 2.0)");
  row("pow 0 stays Pow", a.pow(0), "Pow(a, 0.0)");
  row("pow of a negative base stays Pow", a.pow(-1.0), "Pow(a, -1.0)");
  row("int pow 2 stays int", i.pow(2), "Mul(a, a)");
  row("2 ** x is exp2(x * log2 2)", Tensor::scalar(2.0).pow(a), "Exp2(Mul(a, 1.0))");
  row("maximum", a.maximum(b), "Max(a, b)");
  row("minimum of floats is -max(-a, -b)", a.minimum(b),
      "Mul(Max(Mul(a, -1.0), Mul(b, -1.0)), -1.0)");
  row("minimum of ints xors with min+max", i.minimum(j), "Xor(Max(Xor(a, -1), Xor(b, -1)), -1)");
  row("minimum of uint8", u.minimum(3), "Xor(Max(Xor(a, 255), Xor(3, 255)), 255)");
  row("where", m.where(a, b), "Where(c, a, b)");
  row("bitwise and", i & j, "And(a, b)");
  row("bitwise not is xor -1", ~i, "Xor(a, -1)");
  row("bitwise not of uint8 is xor 255", ~u, "Xor(a, 255)");
  row("bitwise not of bool is logical not", ~m, "CmpNe(a, True)");
  row("shift", i << 2, "Shl(a, 2)");
  row("bool add is or", m + m, "Or(a, a)");
  row("bool mul is and", m * m, "And(a, a)");
  row("trunc", a.trunc(), "Trunc(a)");
  row("trunc of int is itself", i.trunc(), "a");
  row("idiv of ints is Idiv", i.idiv(j), "Idiv(a, b)");
  row("floor div of ints corrects Idiv", i.floorDiv(j),
      "Where(And(CmpNe(Mod(a, b), 0), CmpNe(CmpLt(a, 0), CmpLt(b, 0))), Add(Idiv(a, b), -1), "
      "Idiv(a, b))");
  row("floor div of unsigned is Idiv", u.floorDiv(2), "Idiv(a, 2)");
  row("python mod of ints corrects Mod", i.mod(j),
      "Add(Mod(a, b), Where(And(CmpNe(Mod(a, b), 0), CmpNe(CmpLt(a, 0), CmpLt(b, 0))), b, 0))");
  row("fmod of ints is Mod", i.fmod(j), "Mod(a, b)");
  row("floor div of floats floors the quotient", a.floorDiv(b),
      "Where(CmpLt(Mul(a, Recip(b)), Trunc(Mul(a, Recip(b)))), "
      "Add(Trunc(Mul(a, Recip(b))), -1.0), Trunc(Mul(a, Recip(b))))");
  row("relu", a.relu(), "Where(CmpLt(0.0, a), a, 0.0)");
  row("isnan", a.isnan(), "CmpNe(a, a)");
  row("contiguous", a.contiguous(), "Contiguous(a)");
  row("detach", a.detach(), "Detach(a)");
  row("cast", i.cast(dtypes::float16), "Cast(a, half)");
  row("cast to the same dtype is a no-op", a.cast(dtypes::float32), "a");
  row("bitcast", a.bitcast(dtypes::int32), "Bitcast(a, int)");
}

void TestElementwise::decompositions() {
  QFETCH(Tensor, t);
  QFETCH(QString, expected);
  QCOMPARE(qs(expr(t)), expected);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestElementwise::broadcastingIsExplicit() {
  Tensor a = input({2, 3}), b = input({3}), c = input({2, 1});
  QCOMPARE(qs(expr(a + b)), QStringLiteral("Add(a, Expand(Reshape(b, (1, 3)), (2, 3)))"));
  QCOMPARE(qs(expr(b + c)),
           QStringLiteral("Add(Expand(Reshape(a, (1, 3)), (2, 3)), Expand(b, (2, 3)))"));
  // A Python scalar is the fill convention: Expand(Reshape(Const, (1, 1)), shape).
  Tensor s = a * Scalar(2.0);
  const UOpPtr& fill = s.uop()->src(1);
  QCOMPARE(fill->op(), Op::Expand);
  QCOMPARE(fill->src(0)->op(), Op::Reshape);
  QCOMPARE(fill->src(0)->src(0)->op(), Op::Const);
  QCOMPARE(qs(toString(fill->src(0)->shape())), QStringLiteral("(1, 1)"));
  // where broadcasts its condition too.
  Tensor w = input({3}, dtypes::bool_).where(a, 0.0);
  QCOMPARE(qs(tensortest::shapeText(w)), QStringLiteral("(2, 3)"));
  QCOMPARE(qs(tensortest::verifyText(w)), QString());
}

void TestElementwise::everyOpIsSpecValid_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("dtype");
  Tensor x = input({2, 3}), i = input({2, 3}, dtypes::int32), h = input({2, 3}, dtypes::float16);
  auto row = [](const char* n, const Tensor& t, const char* d) { QTest::newRow(n) << t << qs(d); };
  row("tan", x.tan(), "float32");
  row("asin", x.asin(), "float32");
  row("acos", x.acos(), "float32");
  row("atan", x.atan(), "float32");
  row("sinh", x.sinh(), "float32");
  row("cosh", x.cosh(), "float32");
  row("tanh", x.tanh(), "float32");
  row("asinh", x.asinh(), "float32");
  row("acosh", x.acosh(), "float32");
  row("atanh", x.atanh(), "float32");
  row("erf", x.erf(), "float32");
  row("exp of half computes in float32", h.exp(), "float16");
  row("log10", x.log10(), "float32");
  row("rsqrt", x.rsqrt(), "float32");
  row("pow tensor", x.pow(input({2, 3})), "float32");
  row("pow 2.5", x.pow(2.5), "float32");
  row("pow -2.3", x.pow(-2.3), "float32");
  row("int pow tensor", i.pow(i), "int32");
  row("relu6", x.relu6(), "float32");
  row("sigmoid", x.sigmoid(), "float32");
  row("hardsigmoid", x.hardsigmoid(), "float32");
  row("gelu", x.gelu(), "float32");
  row("gelu none", x.gelu("none"), "float32");
  row("quick_gelu", x.quickGelu(), "float32");
  row("silu", x.silu(), "float32");
  row("leaky_relu", x.leakyRelu(0.1), "float32");
  row("elu", x.elu(), "float32");
  row("celu", x.celu(), "float32");
  row("selu", x.selu(), "float32");
  row("mish", x.mish(), "float32");
  row("softplus", x.softplus(), "float32");
  row("softsign", x.softsign(), "float32");
  row("hardtanh", x.hardtanh(), "float32");
  row("hardswish", x.hardswish(), "float32");
  row("logsigmoid", x.logsigmoid(), "float32");
  row("abs", x.abs(), "float32");
  row("sign", x.sign(), "float32");
  row("ceil", x.ceil(), "float32");
  row("floor", x.floor(), "float32");
  row("round", x.round(), "float32");
  row("isinf", x.isinf(), "bool");
  row("isfinite", x.isfinite(), "bool");
  row("isclose", x.isclose(input({2, 3})), "bool");
  row("clamp", x.clamp(-1.0, 2.0), "float32");
  row("clip min only", x.clip(0.0, std::nullopt), "float32");
  row("lerp", x.lerp(input({2, 3}), 0.25), "float32");
  row("lerp uint8", input({2}, dtypes::uint8).lerp(input({2}, dtypes::uint8), input({2})), "uint8");
  row("copysign", x.copysign(-1.0), "float32");
  row("logaddexp", x.logaddexp(input({2, 3})), "float32");
  row("square", x.square(), "float32");
  row("masked_fill", x.maskedFill(x.lt(0), 99.0), "float32");
  row("mod of floats", x.mod(-2.0), "float32");
  row("fmod of floats", x.fmod(2.0), "float32");
  row("div trunc of floats", x.div(2.0, "trunc"), "float32");
  row("int div floor", i.div(3, "floor"), "int32");
  row("int mod -4", i.mod(-4), "int32");
  row("rshift", i >> 1, "int32");
  row("xor", i ^ 170, "int32");
  row("or", i | input({2, 3}, dtypes::int32), "int32");
  row("contiguous_backward", x.contiguousBackward(), "float32");
  row("2.0 - x", 2.0 - x, "float32");
  row("1 / x", Scalar(int64_t{1}) / x, "float32");
  row("2 * x", Scalar(int64_t{2}) * x, "float32");
}

void TestElementwise::everyOpIsSpecValid() {
  QFETCH(Tensor, t);
  QFETCH(QString, dtype);
  QCOMPARE(qs(tensortest::dtypeText(t)), dtype);
  QVERIFY(t.shape() == Shape({2, 3}) || t.shape() == Shape({2}));
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestElementwise::errors() {
  struct Case {
    const char* message;
    std::function<Tensor()> call;
  };
  Tensor a = input({2, 3}), f = input({2}), i = input({2}, dtypes::int32);
  std::vector<Case> cases = {
      {"shape mismatch: objects cannot be broadcast to a single shape ((2, 3), (2,))",
       [&] { return a + f; }},
      {"where cond must be bool, got dtypes.int", [&] { return i.where(1, 2); }},
      {"shift operands must be int, got dtypes.float", [&] { return f << 1; }},
      {"bitwise operands must be int or bool, got dtypes.float", [&] { return f & f; }},
      {"base needs to be float", [&] { return i.pow(-1); }},
      {"at least one of 'min_' or 'max_' must not be None",
       [&] { return a.clamp(std::nullopt, std::nullopt); }},
      {"rounding_mode='up' is not supported", [&] { return a.div(2.0, "up"); }},
      {"approximate='fast' is not supported", [&] { return a.gelu("fast"); }},
      {"bitcast requires concrete dtypes, got dtypes.weakint -> dtypes.float",
       [&] { return Tensor::scalar(int64_t{1}).bitcast(dtypes::float32); }},
      {"cannot bitcast a 0-d tensor from dtypes.float to dtypes.half",
       [&] { return Tensor::scalar(1.0, dtypes::float32).bitcast(dtypes::float16); }},
  };
  for (const Case& c : cases) {
    try {
      c.call();
      QFAIL(qPrintable(QStringLiteral("no error, expected: ") + qs(c.message)));
    } catch (const TensorError& e) {
      QCOMPARE(qs(e.what()), qs(c.message));
    }
  }
}

UOPSCOPE_TEST(TestElementwise);
#include "test_elementwise.moc"
