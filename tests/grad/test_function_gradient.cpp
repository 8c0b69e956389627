// Differentiating through Function nodes: the backward pass is itself a
// Function over the body's gradient graph, and its numbers are those of the
// inlined graph.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include "core/grad/function_capture.h"
#include "core/ir/verify.h"

#include <QTest>

using namespace uops;
using gradtest::Input;
using gradtest::qs;

namespace {

const Input kX{{2, 3}, {0.4, -1.2, 0.9, 1.6, -0.3, 0.7}};
const Input kW{{3, 2}, {0.5, -0.8, 1.1, 0.2, -0.6, 0.9}};
const Input kBias{{2}, {0.15, -0.35}};

Tensor layer(const Tensor& x, const Tensor& w, const Tensor& b) {
  return (x.matmul(w) + b).tanh();
}

} // namespace

class TestFunctionGradient : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void finiteDifferences();
  void sameNumbersAsInlined();
  void backwardIsAFunction();
  void callsAlikeShareTheBackwardBody();
  void unusedOutputsAndArguments();
  void nestedFunctions();
  void detachInsideTheBody();
  void usedTwiceMatchesTinygrad();
};

void TestFunctionGradient::finiteDifferences() {
  auto f = captureFunction(layer);
  gradtest::Fn fn = [&](const std::vector<Tensor>& v) { return f(v[0], v[1], v[2]) * v[0].sum(); };
  QCOMPARE(qs(gradtest::checkGradients(fn, {kX, kW, kBias})), QString());
  // Several outputs, each used.
  auto g = captureFunction([](const Tensor& x, const Tensor& w) {
    return std::pair<Tensor, Tensor>{x.matmul(w), (x * x).sum(1).exp()};
  });
  gradtest::Fn two = [&](const std::vector<Tensor>& v) {
    auto [m, e] = g(v[0], v[1]);
    return m.sum(1) * e;
  };
  QCOMPARE(qs(gradtest::checkGradients(two, {kX, kW})), QString());
}

void TestFunctionGradient::sameNumbersAsInlined() {
  auto f = captureFunction(layer);
  Tensor x = gradtest::leaf(kX), w = gradtest::leaf(kW), b = gradtest::leaf(kBias);
  auto viaFunction = gradient((f(x, w, b) * f(x, w, b).exp()).sum(), {x, w, b});
  auto inlined = gradient((layer(x, w, b) * layer(x, w, b).exp()).sum(), {x, w, b});
  for (size_t i = 0; i < 3; ++i)
    QCOMPARE(gradtest::values(viaFunction[i]), gradtest::values(inlined[i])); // the same ops: equal to the bit
}

void TestFunctionGradient::backwardIsAFunction() {
  auto f = captureFunction([](const Tensor& x, const Tensor& w) { return x * w; });
  Tensor a = Tensor::empty({3}), b = Tensor::empty({3}), c = Tensor::empty({3});
  Tensor y = f(a, b);
  gradtest::GraphText text;
  QCOMPARE(qs(text.print((y * c).uop())),
           QStringLiteral("Mul(GetTuple(Function(Tuple(Mul(p0, p1)), a, b), 0), c)"));
  // The output's gradient comes in as a Param after the arguments; Params the
  // backward body does not use (p0, a's own value) are dropped and the rest
  // renumbered.
  auto g = gradient((y * c).sum(), {a});
  QCOMPARE(qs(text.print(g[0].uop())),
           QStringLiteral("GetTuple(Function(Tuple(Mul(p0, p1)), b, Mul(c, 1.0)), 0)"));
  QCOMPARE(qs(formatErrors(verify(g[0].uop()))), QString());
  // A constant gradient is built inside the backward body instead.
  g = gradient(y.sum(), {a, b});
  QCOMPARE(qs(text.print(g[0].uop())),
           QStringLiteral("GetTuple(Function(Tuple(Mul(p1, 1.0), Mul(p0, 1.0)), a, b), 0)"));
  QCOMPARE(g[0].uop()->src(0).get(), g[1].uop()->src(0).get()); // one backward Function for both
  QCOMPARE(g[1].uop()->argAs<int64_t>(), int64_t{1});
}

void TestFunctionGradient::callsAlikeShareTheBackwardBody() {
  auto f = captureFunction(layer);
  Tensor w = gradtest::leaf(kW), b = gradtest::leaf(kBias);
  Tensor x1 = gradtest::leaf(kX), x2 = gradtest::leaf({{2, 3}, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}});
  Tensor y1 = f(x1, w, b), y2 = f(x2, w, b);
  auto g = gradient((y1 * y2).sum(), {x1, x2});
  const UOp& back1 = *g[0].uop()->src(0);
  const UOp& back2 = *g[1].uop()->src(0);
  QVERIFY(&back1 != &back2);                        // different arguments
  QCOMPARE(back1.src(0).get(), back2.src(0).get()); // one interned backward body
}

// tinygrad: @function def two(x, y): return x * y, (x + y).exp()
//   p = Tensor([0.5, -1.0]); q = Tensor([2.0, 0.25]); s, t = two(p, q); (s.sum() * 3).backward()
//   -> p.grad [6.0, 0.75], q.grad [1.5, -3.0]
void TestFunctionGradient::unusedOutputsAndArguments() {
  auto two = captureFunction([](const Tensor& x, const Tensor& y) {
    return std::pair<Tensor, Tensor>{x * y, (x + y).exp()};
  });
  Tensor p = Tensor::fromList({0.5, -1.0}), q = Tensor::fromList({2.0, 0.25});
  auto [s, t] = two(p, q);
  backward(s.sum() * 3);
  QCOMPARE(gradtest::values(*p.grad()), (std::vector<double>{6.0, 0.75}));
  QCOMPARE(gradtest::values(*q.grad()), (std::vector<double>{1.5, -3.0}));
  // An argument the body ignores gets zeros.
  auto ignore = captureFunction([](const Tensor& x, const Tensor&) { return x * 2; });
  Tensor u = Tensor::fromList({1.0, 2.0}), v = Tensor::fromList({3.0, 4.0});
  auto g = gradient(ignore(u, v).sum(), {u, v});
  QCOMPARE(gradtest::values(g[0]), (std::vector<double>{2.0, 2.0}));
  QCOMPARE(gradtest::values(g[1]), (std::vector<double>{0.0, 0.0}));
}

void TestFunctionGradient::nestedFunctions() {
  auto inner = captureFunction([](const Tensor& x) { return x.sin() * x; });
  auto outer = captureFunction(
      [&](const Tensor& x, const Tensor& w) { return inner(x.matmul(w)) + inner(w.sum(0)); });
  gradtest::Fn fn = [&](const std::vector<Tensor>& v) { return outer(v[0], v[1]); };
  QCOMPARE(qs(gradtest::checkGradients(fn, {kX, kW})), QString());
}

void TestFunctionGradient::detachInsideTheBody() {
  auto f = captureFunction([](const Tensor& x) { return x * x.detach(); });
  Tensor x = Tensor::fromList({1.0, -2.0});
  backward(f(x).sum());
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{1.0, -2.0}));
}

// Pasted from a run of /work/tinygrad at a9069c177a9d (DEV=CPU), after
// conformance/programs/function_used_twice.py's definitions:
//   loss = (y1 * y1).sum() + (y2 * Tensor([1.0, 2.0, 3.0])).sum(); loss.backward()
//   -> loss 25.65312385559082
//      w [[7.5, -1.7499998807907104, 12.0], [16.75, 4.375, -3.0]]
//      b [9.899999618530273, 4.949999809265137, 6.0]
//      x1 [[3.0, 11.25], [-1.9999998807907104, 2.8125]]
//      x2 [[-1.5, 3.0], [0.75, -1.5], [1.25, 0.0]]
//      y1 [[7.199999809265137, 0.6000000238418579, 0.0], [0.699999988079071, 2.3499999046325684,
//      0.0]]
void TestFunctionGradient::usedTwiceMatchesTinygrad() {
  auto block = captureFunction(
      [](const Tensor& x, const Tensor& w, const Tensor& b) { return (x.matmul(w) + b).relu(); });
  Tensor w = Tensor::fromList({{0.5, -1.0, 0.25}, {1.5, 0.75, -0.5}});
  Tensor b = Tensor::fromList({0.1, -0.2, 0.3});
  Tensor x1 = Tensor::fromList({{1.0, 2.0}, {-1.0, 0.5}});
  Tensor x2 = Tensor::fromList({{0.0, 1.0}, {3.0, -2.0}, {1.0, 1.0}});
  Tensor y1 = block(x1, w, b), y2 = block(x2, w, b);
  Tensor loss = (y1 * y1).sum() + (y2 * Tensor::fromList({1.0, 2.0, 3.0})).sum();
  backward(loss);
  auto check = [](const Tensor& t, const std::vector<double>& want) {
    return qs(gradtest::compareValues(gradtest::values(t), want));
  };
  QCOMPARE(check(loss, {25.65312385559082}), QString());
  QCOMPARE(check(*w.grad(), {7.5, -1.7499998807907104, 12.0, 16.75, 4.375, -3.0}), QString());
  QCOMPARE(check(*b.grad(), {9.899999618530273, 4.949999809265137, 6.0}), QString());
  QCOMPARE(check(*x1.grad(), {3.0, 11.25, -1.9999998807907104, 2.8125}), QString());
  QCOMPARE(check(*x2.grad(), {-1.5, 3.0, 0.75, -1.5, 1.25, 0.0}), QString());
  QCOMPARE(check(*y1.grad(), {7.199999809265137, 0.6000000238418579, 0.0, 0.699999988079071,
                              2.3499999046325684, 0.0}),
           QString());
}

UOPSCOPE_TEST(TestFunctionGradient);
#include "test_function_gradient.moc"
