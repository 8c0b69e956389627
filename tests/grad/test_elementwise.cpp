// Gradients of elementwise ops against central differences (float64), tie
// rules against tinygrad, and the conformance program grad_elementwise.py.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include <QTest>

#include <map>

using namespace uops;
using gradtest::checkGradients;
using gradtest::Input;
using gradtest::qs;

namespace {

// Inputs of shape (2, 3) away from 0 and from the ops' singular points; `pos`
// strictly positive, `unit` inside (-1, 1).
const Input kAny{{2, 3}, {-1.3, 0.4, 2.1, -0.7, 1.6, -2.4}};
const Input kPos{{2, 3}, {0.3, 1.2, 2.5, 0.8, 1.9, 3.1}};
const Input kUnit{{2, 3}, {-0.8, -0.35, 0.1, 0.45, 0.7, -0.55}};
const Input kRow{{3}, {0.6, -1.1, 1.45}};

Tensor pyPow(const Tensor& x, double e) {
  return x.pow(e);
}

} // namespace

class TestElementwiseGradients : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void finiteDifferences_data();
  void finiteDifferences();
  void castIsDifferentiable();
  void saturatedActivationsHaveZeroGradient();
  void tiesFollowTinygrad();
  void conformanceGradElementwise();
};

void TestElementwiseGradients::finiteDifferences_data() {
  QTest::addColumn<gradtest::Fn>("f");
  QTest::addColumn<std::vector<Input>>("inputs");
  using V = const std::vector<Tensor>&;
  auto unary = [](const char* name, Tensor (*op)(const Tensor&), const Input& in) {
    QTest::newRow(name) << gradtest::Fn([op](V v) { return op(v[0]); }) << std::vector<Input>{in};
  };
  // Primitive ops and their decompositions.
  QTest::newRow("add broadcast") << gradtest::Fn([](V v) { return v[0] + v[1]; })
                                 << std::vector<Input>{kAny, kRow};
  QTest::newRow("mul broadcast") << gradtest::Fn([](V v) { return v[0] * v[1] * v[0]; })
                                 << std::vector<Input>{kAny, kRow};
  QTest::newRow("sub neg") << gradtest::Fn([](V v) { return -(v[0] - v[1] * 3.0); })
                           << std::vector<Input>{kAny, kPos};
  QTest::newRow("div") << gradtest::Fn([](V v) { return v[0] / v[1]; })
                       << std::vector<Input>{kAny, kPos};
  unary(
      "reciprocal", [](const Tensor& x) { return x.reciprocal(); }, kPos);
  unary(
      "exp2", [](const Tensor& x) { return x.exp2(); }, kAny);
  unary(
      "log2", [](const Tensor& x) { return x.log2(); }, kPos);
  unary(
      "exp", [](const Tensor& x) { return x.exp(); }, kAny);
  unary(
      "log", [](const Tensor& x) { return x.log(); }, kPos);
  unary(
      "sin", [](const Tensor& x) { return x.sin(); }, kAny);
  unary(
      "cos", [](const Tensor& x) { return x.cos(); }, kAny);
  unary(
      "tan", [](const Tensor& x) { return x.tan(); }, kUnit);
  unary(
      "sqrt", [](const Tensor& x) { return x.sqrt(); }, kPos);
  unary(
      "rsqrt", [](const Tensor& x) { return x.rsqrt(); }, kPos);
  unary(
      "square", [](const Tensor& x) { return x.square(); }, kAny);
  unary(
      "pow 3", [](const Tensor& x) { return pyPow(x, 3.0); }, kAny);
  unary(
      "pow 2.5", [](const Tensor& x) { return pyPow(x, 2.5); }, kPos);
  unary(
      "pow -1.5", [](const Tensor& x) { return pyPow(x, -1.5); }, kPos);
  QTest::newRow("pow tensor") << gradtest::Fn([](V v) { return v[0].pow(v[1]); })
                              << std::vector<Input>{kPos, kAny};
  QTest::newRow("maximum") << gradtest::Fn([](V v) { return v[0].maximum(v[1]); })
                           << std::vector<Input>{kAny, kUnit};
  QTest::newRow("minimum") << gradtest::Fn([](V v) { return v[0].minimum(v[1]); })
                           << std::vector<Input>{kAny, kUnit};
  QTest::newRow("where") << gradtest::Fn([](V v) {
    return v[0].gt(0).where(v[0] * v[1], v[1] * 2.0);
  }) << std::vector<Input>{kAny, kPos};
  QTest::newRow("trunc floor ceil") << gradtest::Fn([](V v) {
    return v[0].trunc() * v[1] + v[0].floor() + v[0].ceil() * v[0] + v[0].round();
  }) << std::vector<Input>{kAny, kPos};
  unary(
      "abs", [](const Tensor& x) { return x.abs(); }, kAny);
  unary(
      "clamp", [](const Tensor& x) { return x.clamp(Scalar(-1.0), Scalar(1.5)); }, kAny);
  // Activations and transcendental composites.
  unary(
      "relu", [](const Tensor& x) { return x.relu(); }, kAny);
  unary(
      "sigmoid", [](const Tensor& x) { return x.sigmoid(); }, kAny);
  unary(
      "tanh", [](const Tensor& x) { return x.tanh(); }, kAny);
  unary(
      "gelu", [](const Tensor& x) { return x.gelu(); }, kAny);
  unary(
      "silu", [](const Tensor& x) { return x.silu(); }, kAny);
  unary(
      "softplus", [](const Tensor& x) { return x.softplus(); }, kAny);
  unary(
      "elu", [](const Tensor& x) { return x.elu(); }, kAny);
  unary(
      "leaky relu", [](const Tensor& x) { return x.leakyRelu(0.1); }, kAny);
  unary(
      "mish", [](const Tensor& x) { return x.mish(); }, kAny);
  unary(
      "logsigmoid", [](const Tensor& x) { return x.logsigmoid(); }, kAny);
  unary(
      "hardtanh", [](const Tensor& x) { return x.hardtanh(); }, kAny);
  unary(
      "erf", [](const Tensor& x) { return x.erf(); }, kUnit);
  unary(
      "asin", [](const Tensor& x) { return x.asin(); }, kUnit);
  unary(
      "acos", [](const Tensor& x) { return x.acos(); }, kUnit);
  unary(
      "atan", [](const Tensor& x) { return x.atan(); }, kAny);
  unary(
      "sinh cosh", [](const Tensor& x) { return x.sinh() + x.cosh(); }, kAny);
  unary(
      "asinh", [](const Tensor& x) { return x.asinh(); }, kAny);
  unary(
      "atanh", [](const Tensor& x) { return x.atanh(); }, kUnit);
  QTest::newRow("lerp") << gradtest::Fn([](V v) { return v[0].lerp(v[1], 0.3); })
                        << std::vector<Input>{kAny, kPos};
}

void TestElementwiseGradients::finiteDifferences() {
  QFETCH(gradtest::Fn, f);
  QFETCH(std::vector<Input>, inputs);
  QCOMPARE(qs(checkGradients(f, inputs)), QString());
}

// Cast's gradient is cast back to the source dtype; through float32 the
// function stays linear, so a coarse step measures it.
void TestElementwiseGradients::castIsDifferentiable() {
  gradtest::Fn f = [](const std::vector<Tensor>& v) {
    return (v[0].cast(dtypes::float32) * 3.0).cast(dtypes::float64) + v[0];
  };
  QCOMPARE(qs(checkGradients(f, {kAny}, 1e-4, 1e-2)), QString());
}

// Far from 0, exp overflows float32 in 1 / (1 + exp(-x)); the chain rule through that formula
// gave inf * 0 = NaN for sigmoid, tanh and the gelus at x = -300 (tinygrad, realizing the
// gradient alone, and torch give 0). At 0 the derivatives are 1/4 and 1.
void TestElementwiseGradients::saturatedActivationsHaveZeroGradient() {
  using Act = Tensor (*)(const Tensor&);
  const std::vector<std::pair<const char*, Act>> acts = {
      {"sigmoid", [](const Tensor& x) { return x.sigmoid(); }},
      {"tanh", [](const Tensor& x) { return x.tanh(); }},
      {"quick_gelu", [](const Tensor& x) { return x.quickGelu(); }},
      {"gelu", [](const Tensor& x) { return x.gelu(); }},
      {"silu", [](const Tensor& x) { return x.silu(); }}};
  for (const auto& [name, act] : acts) {
    Tensor x = Tensor::fromList({-300.0, 300.0, -90.0, 90.0}, dtypes::float32);
    Tensor g = gradient(act(x).sum(), {x})[0];
    std::vector<double> got = gradtest::values(g);
    // d/dx of x * s(x) tends to 1 where s saturates at 1
    const double high = std::string(name) == "sigmoid" || std::string(name) == "tanh" ? 0.0 : 1.0;
    const std::vector<double> want{0.0, high, 0.0, high};
    QCOMPARE(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) // exp(-90) is a float32 denormal, not 0
      QVERIFY2(std::abs(got[i] - want[i]) < 1e-30, qPrintable(qs(fmt::format("{} [{}]: {}", name, i, got[i]))));
  }
  Tensor z = Tensor::fromList({0.0}, dtypes::float32);
  QCOMPARE(gradtest::values(gradient(z.sigmoid().sum(), {z})[0]), std::vector<double>{0.25});
  QCOMPARE(gradtest::values(gradient(z.tanh().sum(), {z})[0]), std::vector<double>{1.0});
}

// Pasted from a run of /work/tinygrad at a9069c177a9d (DEV=CPU):
//   x = Tensor([1.0, 2.0, 0.0, -1.0]); y = Tensor([1.0, 3.0, 0.0, -2.0])
//   (x.maximum(y) * Tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
//     -> x.grad [0.5, 0.0, 1.5, 4.0], y.grad [0.5, 2.0, 1.5, 0.0]
//   same with minimum -> x.grad [0.5, 2.0, 1.5, -0.0], y.grad [0.5, -0.0, 1.5, 4.0]
//   x = Tensor([-1.0, 0.0, 2.0]); (x.relu() + x.abs() * 2 + x.sign()).sum().backward()
//     -> x.grad [-2.0, 0.0, 3.0]
//   x = Tensor([-0.5, 1.5, 2.0]); (x.clamp(0.0, 1.5) * Tensor([1.0, 2.0, 3.0])).sum().backward()
//     -> x.grad [0.0, 2.0, 0.0]
void TestElementwiseGradients::tiesFollowTinygrad() {
  Tensor w = Tensor::fromList({1.0, 2.0, 3.0, 4.0});
  for (bool isMax : {true, false}) {
    Tensor x = Tensor::fromList({1.0, 2.0, 0.0, -1.0}), y = Tensor::fromList({1.0, 3.0, 0.0, -2.0});
    Tensor m = isMax ? x.maximum(y) : x.minimum(y);
    auto g = gradient((m * w).sum(), {x, y});
    std::vector<double> gx =
        isMax ? std::vector{0.5, 0.0, 1.5, 4.0} : std::vector{0.5, 2.0, 1.5, 0.0};
    std::vector<double> gy =
        isMax ? std::vector{0.5, 2.0, 1.5, 0.0} : std::vector{0.5, 0.0, 1.5, 4.0};
    QCOMPARE(gradtest::values(g[0]), gx);
    QCOMPARE(gradtest::values(g[1]), gy);
  }
  Tensor x = Tensor::fromList({-1.0, 0.0, 2.0});
  auto g = gradient((x.relu() + x.abs() * 2 + x.sign()).sum(), {x});
  QCOMPARE(gradtest::values(g[0]), (std::vector<double>{-2.0, 0.0, 3.0}));
  Tensor c = Tensor::fromList({-0.5, 1.5, 2.0});
  g = gradient((c.clamp(Scalar(0.0), Scalar(1.5)) * Tensor::fromList({1.0, 2.0, 3.0})).sum(), {c});
  QCOMPARE(gradtest::values(g[0]), (std::vector<double>{0.0, 2.0, 0.0}));
}

// conformance/programs/grad_elementwise.py
void TestElementwiseGradients::conformanceGradElementwise() {
  Tensor x = Tensor::fromList({-2.0, -0.5, 0.5, 1.0, 3.0});
  Tensor y = Tensor::fromList({1.0, 2.0, -1.0, 0.5, 0.25});
  Tensor loss = (x * y + x.exp() * 0.1 - (y * y + 1.0).sqrt() + x.sin() * y.cos() + x.relu() * 3 +
                 x / (y + 3.0) + x.sigmoid() * y.tanh())
                    .sum();
  backward(loss);
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(loss), {8.809191703796387})), QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(*x.grad()),
                                      {1.1186509132385254, 2.121999979019165, 2.960054397583008,
                                       4.622560501098633, 4.618094444274902})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(*y.grad()),
                                      {-1.766897201538086, -0.9118131995201111, 1.7469463348388672,
                                       0.6426705718040466, 3.333960771560669})),
           QString());
}

UOPSCOPE_TEST(TestElementwiseGradients);
#include "test_elementwise.moc"
