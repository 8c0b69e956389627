// @function capture: the spec's five steps, checked on the graph and on values.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include "core/grad/function_capture.h"
#include "core/ir/verify.h"

#include <QTest>

using namespace uops;
using gradtest::graph;
using gradtest::qs;

namespace {

Tensor input(const Shape& shape, DType dtype = dtypes::float32) {
  return Tensor::empty(shape, dtype);
}

const UOp& bodyOf(const Tensor& result) {
  return *result.uop()->src(0)->src(0);
}

std::string verifyText(const Tensor& t) {
  return formatErrors(verify(t.uop()));
}

} // namespace

class TestFunctionCapture : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void bodyIsBuiltOnParams();
  void sameTensorIsOneParam();
  void nonTensorArgumentsPassThrough();
  void constantsStayInTheBody();
  void tupleReturnsOneGetTuplePerResult();
  void vectorArgumentsAreWalked();
  void bodyIsSharedAcrossCalls();
  void implicitInputs();
  void captureDrivenByHand();
  void nestedFunctions();
  void plainAndDecoratedValues();
  void usedTwiceValues();
};

void TestFunctionCapture::bodyIsBuiltOnParams() {
  auto f = captureFunction([](const Tensor& x, const Tensor& w) { return x * w + x; });
  Tensor a = input({2, 3}), b = input({2, 3}); // named in creation order
  Tensor r = f(a, b);
  QCOMPARE(qs(graph(r)),
           QStringLiteral("GetTuple(Function(Tuple(Add(Mul(p0, p1), p0)), a, b), 0)"));
  QCOMPARE(qs(verifyText(r)), QString());
  QCOMPARE(r.shape(), (Shape{2, 3}));
  QVERIFY(r.dtype() == dtypes::float32);
  // Step 3: Param k has its input's shape, dtype and device.
  const UOp& p0 = *bodyOf(r).src(0)->src(1);
  QCOMPARE(p0.op(), Op::Param);
  QCOMPARE(p0.shape(), (Shape{2, 3}));
  QVERIFY(p0.dtype() == dtypes::float32);
  QVERIFY(p0.argAs<ParamArg>().device == std::optional(DeviceArg{{"CPU"}}));
}

void TestFunctionCapture::sameTensorIsOneParam() {
  auto f = captureFunction([](const Tensor& x, const Tensor& y) { return x * y + x; });
  Tensor a = input({3});
  Tensor copy = a; // the same tensor: one Param
  QCOMPARE(qs(graph(f(a, copy))),
           QStringLiteral("GetTuple(Function(Tuple(Add(Mul(p0, p0), p0)), a), 0)"));
}

void TestFunctionCapture::nonTensorArgumentsPassThrough() {
  auto f =
      captureFunction([](const Tensor& x, double s, int n) { return x * s + Scalar(int64_t{n}); });
  QCOMPARE(qs(graph(f(input({2}), 0.5, 3))),
           QStringLiteral("GetTuple(Function(Tuple(Add(Mul(p0, 0.5), 3.0)), a), 0)"));
}

void TestFunctionCapture::constantsStayInTheBody() {
  // Tensor(3.0) has no device in tinygrad: it is not an input.
  auto f = captureFunction([](const Tensor& x, const Tensor& c) { return x * c; });
  QCOMPARE(qs(graph(f(input({2}), Tensor::scalar(3.0)))),
           QStringLiteral("GetTuple(Function(Tuple(Mul(p0, 3.0)), a), 0)"));
}

void TestFunctionCapture::tupleReturnsOneGetTuplePerResult() {
  auto f = captureFunction([](const Tensor& x, const Tensor& y) {
    return std::tuple<Tensor, Tensor, Tensor>{x * y, x + y, x};
  });
  Tensor a = input({2}), b = input({2});
  auto [m, s, same] = f(a, b);
  QCOMPARE(qs(graph(m)),
           QStringLiteral("GetTuple(Function(Tuple(Mul(p0, p1), Add(p0, p1), p0), a, b), 0)"));
  QCOMPARE(s.uop()->argAs<int64_t>(), int64_t{1});
  QCOMPARE(same.uop()->argAs<int64_t>(), int64_t{2});
  QCOMPARE(m.uop()->src(0).get(), same.uop()->src(0).get()); // one Function
}

void TestFunctionCapture::vectorArgumentsAreWalked() {
  auto f = captureFunction([](const std::vector<Tensor>& xs, const Tensor& y) {
    return std::vector<Tensor>{xs[0] + y, xs[1] * y};
  });
  Tensor a = input({2}), b = input({2});
  std::vector<Tensor> r = f(std::vector<Tensor>{a, b}, a);
  QCOMPARE(r.size(), size_t{2});
  QCOMPARE(qs(graph(r[1])),
           QStringLiteral("GetTuple(Function(Tuple(Add(p0, p0), Mul(p1, p0)), a, b), 1)"));
}

void TestFunctionCapture::bodyIsSharedAcrossCalls() {
  auto f = captureFunction([](const Tensor& x, const Tensor& w) { return (x.matmul(w)).relu(); });
  Tensor w = input({2, 3});
  Tensor y1 = f(input({4, 2}), w), y2 = f(input({4, 2}), w), y3 = f(input({5, 2}), w);
  // Interned: the same body node, not merely an equal one.
  QCOMPARE(&bodyOf(y1), &bodyOf(y2));
  QVERIFY(&bodyOf(y1) != &bodyOf(y3));
  QVERIFY(y1.uop() != y2.uop()); // different arguments
}

void TestFunctionCapture::implicitInputs() {
  Tensor outer = input({2});
  auto closure = captureFunction([&](const Tensor& x) { return x + outer; }, {.name = "block"});
  try {
    closure(input({2}));
    QFAIL("expected an error");
  } catch (const TensorError& e) {
    QCOMPARE(qs(e.what()),
             QStringLiteral("function block has 1 implicit buffer(s), but allow_implicit=False"));
  }
  // A literal made inside the body is data the body does not own, as in tinygrad.
  auto literal = captureFunction([](const Tensor& x) { return x + Tensor::fromList({1.0, 2.0}); });
  QVERIFY_THROWS_EXCEPTION(TensorError, literal(input({2})));
  // Allowed: each implicit input becomes an argument after the explicit ones.
  auto allowed = captureFunction(
      [](const Tensor& x) {
        return x + Tensor::fromList({1.0, 2.0});
      },
      {.name = "f", .allowImplicit = true});
  Tensor r = allowed(Tensor::fromList({10.0, 20.0}));
  const UOp& fn = *r.uop()->src(0);
  QCOMPARE(fn.src().size(), size_t{3});
  QCOMPARE(fn.src(2)->op(), Op::Binary);
  QCOMPARE(gradtest::values(r), (std::vector<double>{11.0, 22.0}));
  QCOMPARE(qs(verifyText(r)), QString());
}

void TestFunctionCapture::captureDrivenByHand() {
  // What the Python frontend does: walk its own arguments, run the def, finish.
  FunctionCapture c({.name = "f"});
  Tensor a = Tensor::fromList({1.0, 2.0, 3.0});
  Tensor b = Tensor::fromList({4.0, 5.0, 6.0});
  Tensor pa = c.input(a), pb = c.input(b);
  QVERIFY(c.input(a).isSame(pa));
  QCOMPARE(c.arguments().size(), size_t{2});
  std::vector<Tensor> out = c.finish({pa * pb, pa - pb});
  QCOMPARE(gradtest::values(out[0]), (std::vector<double>{4.0, 10.0, 18.0}));
  QCOMPARE(gradtest::values(out[1]), (std::vector<double>{-3.0, -3.0, -3.0}));
}

void TestFunctionCapture::nestedFunctions() {
  auto inner = captureFunction([](const Tensor& x) { return x * x; });
  auto outer =
      captureFunction([&](const Tensor& x, const Tensor& y) { return inner(x + y) + inner(y); });
  // The inner Functions take the outer body's Params as arguments.
  Tensor a = input({2}), b = input({2});
  QCOMPARE(
      qs(graph(outer(a, b))),
      QStringLiteral(
          "GetTuple(Function(Tuple(Add(GetTuple(Function(Tuple(Mul(p0, p0)), Add(p0, p1)), 0), "
          "GetTuple(Function(Tuple(Mul(p0, p0)), p1), 0))), a, b), 0)"));
  Tensor r = outer(Tensor::fromList({1.0, 2.0}), Tensor::fromList({3.0, -1.0}));
  QCOMPARE(gradtest::values(r), (std::vector<double>{16.0 + 9.0, 1.0 + 1.0}));
  QCOMPARE(qs(verifyText(r)), QString());
}

// conformance/programs/function_plain_and_decorated.py
void TestFunctionCapture::plainAndDecoratedValues() {
  auto scale = [](const Tensor& x, double s) { return x * s; }; // a plain def: inlined
  auto normSin = captureFunction([](const Tensor& x) {
    Tensor y = (x * 2 + 1).sin();
    return y / (y.abs().sum() + 1.0);
  });
  Tensor a = Tensor::arange(6).toFloat().reshape({2, 3});
  Tensor b = Tensor::arange(6, 12).toFloat().reshape({2, 3});
  Tensor r1 = normSin(a), r2 = normSin(scale(b, 0.5)), r3 = normSin(r1 + r2);
  QCOMPARE(&bodyOf(r1), &bodyOf(r3));
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(r1), {0.16793781518936157, 0.028164254501461983,
                                                 -0.19137875735759735, 0.131119042634964,
                                                 0.08224916458129883, -0.1995745301246643})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(r2), {0.12784206867218018, 0.19251783192157745,
                                                 0.08019356429576874, -0.10586029291152954,
                                                 -0.19458667933940887, -0.10441102832555771})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(r3), {0.17718175053596497, 0.17573757469654083,
                                                 0.12433616071939468, 0.1537703275680542,
                                                 0.12404479831457138, 0.06770940124988556})),
           QString());
}

// conformance/programs/function_used_twice.py
void TestFunctionCapture::usedTwiceValues() {
  auto block = captureFunction(
      [](const Tensor& x, const Tensor& w, const Tensor& b) { return (x.matmul(w) + b).relu(); });
  Tensor w = Tensor::fromList({{0.5, -1.0, 0.25}, {1.5, 0.75, -0.5}});
  Tensor b = Tensor::fromList({0.1, -0.2, 0.3});
  Tensor x1 = Tensor::fromList({{1.0, 2.0}, {-1.0, 0.5}});
  Tensor x2 = Tensor::fromList({{0.0, 1.0}, {3.0, -2.0}, {1.0, 1.0}});
  Tensor y1 = block(x1, w, b), y2 = block(x2, w, b);
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(y1), {3.5999999046325684, 0.30000001192092896, 0.0,
                                                 0.3499999940395355, 1.1749999523162842, 0.0})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(y2), {1.600000023841858, 0.550000011920929, 0.0, 0.0,
                                                 0.0, 2.049999952316284, 2.0999999046325684, 0.0,
                                                 0.050000011920928955})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(y1.sum() + y2.sum()), {11.77500057220459})), QString());
}

UOPSCOPE_TEST(TestFunctionCapture);
#include "test_function_capture.moc"
