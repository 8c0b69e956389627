// backward(): which tensors get .grad, accumulation, Detach, the gradient
// argument, errors, and the shape of gradient graphs.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include "core/ir/build.h"
#include "core/ir/verify.h"

#include <QTest>

using namespace uops;
using gradtest::qs;

namespace {

QString errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const TensorError& e) {
    return qs(e.what());
  }
  return QStringLiteral("no error");
}

} // namespace

class TestBackward : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void whichTensorsGetGrad();
  void accumulatesIntoGrad();
  void detachBlocks();
  void gradientArgument();
  void errors();
  void gradientsFlowThroughIntCasts();
  void unreachedTargetsGetZeros();
  void gradientGraphs();
  void contiguousBackwardMarksTheBackwardPass();
  void equalLiteralsAreDistinct();
  void clonesAreDistinct();
};

// Pasted from a run of /work/tinygrad at a9069c177a9d (DEV=CPU):
//   x = Tensor([1.,2.]); c = Tensor(2.0); s = Tensor(2.5, dtype=dtypes.float32)
//   k = Tensor.full((2,), 3.0); i = Tensor([1,2]); m = x * 0.5; h = x.cast(dtypes.float16)
//   loss = (x*c*k*i*s + m + h.float()).sum(); loss.backward()
//   -> x [16.5, 31.5], c None, s None, k [5.0, 20.0], i None, m [1.0, 1.0],
//      h dtypes.half [1.0, 1.0], loss 1.0
//   loss2 = (x * 3).sum(); loss2.backward()
//   -> x.grad [19.5, 34.5], and the earlier x.grad handle is the same tensor
void TestBackward::whichTensorsGetGrad() {
  Tensor x = Tensor::fromList({1.0, 2.0});
  Tensor c = Tensor::scalar(2.0), s = Tensor::scalar(2.5, dtypes::float32);
  Tensor k = Tensor::full({2}, 3.0), i = Tensor::fromList({1, 2});
  Tensor m = x * 0.5, h = x.cast(dtypes::float16);
  x.setRequiresGrad(false); // tinygrad at a9069c177a9d has no requires_grad: ignored
  Tensor loss = (x * c * k * i * s + m + h.toFloat()).sum();
  backward(loss);
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{16.5, 31.5}));
  QVERIFY(!c.grad() && !s.grad() && !i.grad()); // no device, no device, not float
  QCOMPARE(gradtest::values(*k.grad()), (std::vector<double>{5.0, 20.0}));
  QCOMPARE(gradtest::values(*m.grad()), (std::vector<double>{1.0, 1.0}));
  QVERIFY(h.grad()->dtype() == dtypes::float16);
  QCOMPARE(gradtest::values(*h.grad()), (std::vector<double>{1.0, 1.0}));
  QCOMPARE(gradtest::values(*loss.grad()), (std::vector<double>{1.0}));
}

void TestBackward::accumulatesIntoGrad() {
  Tensor x = Tensor::fromList({1.0, 2.0});
  backward((x * x).sum());
  Tensor first = *x.grad();
  backward((x * 3).sum());
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{5.0, 7.0}));
  // grad.assign(grad + g): every copy of the grad handle sees the sum.
  QVERIFY(first.isSame(*x.grad()));
  QCOMPARE(gradtest::values(first), (std::vector<double>{5.0, 7.0}));
}

// tinygrad: (x * x.detach()).sum().backward() -> x.grad [1.0, -2.0];
// (x * z.detach()).sum().backward() -> x.grad [5.0, 6.0], z.grad zeros.
void TestBackward::detachBlocks() {
  Tensor x = Tensor::fromList({1.0, -2.0});
  backward((x * x.detach()).sum());
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{1.0, -2.0}));
  Tensor y = Tensor::fromList({3.0, 4.0}), z = Tensor::fromList({5.0, 6.0});
  backward((y * z.detach()).sum());
  QCOMPARE(gradtest::values(*y.grad()), (std::vector<double>{5.0, 6.0}));
  QCOMPARE(gradtest::values(*z.grad()), (std::vector<double>{0.0, 0.0}));
}

// tinygrad: x = Tensor([1.0, -2.0]); y = x * 2; y.backward(Tensor([1.0, 3.0]))
//   -> x.grad [2.0, 6.0], y.grad [1.0, 3.0]
void TestBackward::gradientArgument() {
  Tensor x = Tensor::fromList({1.0, -2.0});
  Tensor y = x * 2;
  backward(y, Tensor::fromList({1.0, 3.0}));
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{2.0, 6.0}));
  QCOMPARE(gradtest::values(*y.grad()), (std::vector<double>{1.0, 3.0}));
}

void TestBackward::errors() {
  Tensor x = Tensor::fromList({1.0, 2.0});
  QCOMPARE(
      errorOf([&] { backward(x * 2); }),
      QStringLiteral("when no gradient is provided, backward must be called on a scalar tensor"));
  QCOMPARE(errorOf([&] {
             backward(Tensor::fromList({1, 2}).sum());
           }),
           QStringLiteral("only float Tensors have gradient"));
  QCOMPARE(errorOf([&] {
             gradient(x.sum(), {Tensor::fromList({1, 2})});
           }),
           QStringLiteral("only float Tensors have gradient"));
  // A weak float (an int tensor times a Python float) with a device.
  Tensor weak = Tensor::fromList({1, 2}) * 2.5;
  QVERIFY(weak.isWeak());
  QCOMPARE(errorOf([&] { backward((x * weak).sum()); }),
           QStringLiteral("cannot take gradient wrt a weak Tensor"));
  QCOMPARE(errorOf([&] {
             backward(x * 2, Tensor::fromList({1.0, 2.0, 3.0}));
           }),
           QStringLiteral("gradient shape must match tensor shape, (3,) != (2,)"));
  // An op with no tensor-level gradient on the path.
  UOpPtr picked = UOp::make(Op::Index, dtypes::float32, {x.uop(), constIndex(1)});
  QCOMPARE(errorOf([&] { gradient(Tensor(picked), {x}); }),
           QStringLiteral("failed to compute gradient for Index"));
}

// tinygrad: x = Tensor([1.5, 2.5, -3.7])
//   (x.int().float() * x + x.bitcast(dtypes.int32).float() + (x.int() *
//   3).float()).sum().backward()
//   -> x.grad [5.0, 7.0, -3.0]: Cast's gradient is cast back (truncating), Bitcast has none.
void TestBackward::gradientsFlowThroughIntCasts() {
  Tensor x = Tensor::fromList({1.5, 2.5, -3.7});
  backward(
      (x.toInt().toFloat() * x + x.bitcast(dtypes::int32).toFloat() + (x.toInt() * 3).toFloat())
          .sum());
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{5.0, 7.0, -3.0}));
  // Integer ops give no gradient rather than an error (gradient_rules.cpp says why).
  Tensor y = Tensor::fromList({1.5, 2.5, -3.7});
  backward(((y.toInt() % 3).toFloat() + (y.gt(0) * y.lt(2)).toFloat() + y).sum());
  QCOMPARE(gradtest::values(*y.grad()), (std::vector<double>{1.0, 1.0, 1.0}));
}

void TestBackward::unreachedTargetsGetZeros() {
  Tensor x = Tensor::fromList({1.0, 2.0}), unused = Tensor::fromList({{3.0}, {4.0}});
  auto g = gradient((x * x).sum(), {unused, x});
  QCOMPARE(g[0].shape(), (Shape{2, 1}));
  QCOMPARE(gradtest::values(g[0]), (std::vector<double>{0.0, 0.0}));
  QCOMPARE(gradtest::values(g[1]), (std::vector<double>{2.0, 4.0}));
}

void TestBackward::gradientGraphs() {
  Tensor a = Tensor::empty({3}), b = Tensor::empty({3}), c = Tensor::empty({1});
  Tensor loss = (a * b + c.expand({3})).sum();
  auto g = gradient(loss, {a, c});
  gradtest::GraphText text; // names the buffers of loss: a, b, c
  QCOMPARE(qs(text.print(loss.uop())),
           QStringLiteral("Reshape(Reduce(Add(Mul(a, b), Expand(c, (3,))), Add, (0,)), ())"));
  // Sum's gradient is the seed broadcast back; Mul's is the other operand times it.
  QCOMPARE(qs(text.print(g[0].uop())), QStringLiteral("Mul(b, 1.0)"));
  // Expand's gradient is summed back over the expanded axis.
  QCOMPARE(qs(text.print(g[1].uop())), QStringLiteral("Reduce(1.0, Add, (0,))"));
  QCOMPARE(qs(formatErrors(verify(g[0].uop()))), QString());
  QCOMPARE(qs(formatErrors(verify(g[1].uop()))), QString());
}

void TestBackward::contiguousBackwardMarksTheBackwardPass() {
  Tensor a = Tensor::empty({3}), b = Tensor::empty({3});
  Tensor loss = (a.contiguousBackward() * b).sum();
  auto g = gradient(loss, {a});
  gradtest::GraphText text;
  QCOMPARE(qs(text.print(loss.uop())),
           QStringLiteral("Reshape(Reduce(Mul(ContiguousBackward(a), b), Add, (0,)), ())"));
  QCOMPARE(qs(text.print(g[0].uop())), QStringLiteral("Contiguous(Mul(b, 1.0))"));
}

// tinygrad: x = Tensor([1.0, 2.0]); y = Tensor([1.0, 2.0]); (x*2 + y*3).sum().backward()
//   -> x.grad [2.0, 2.0], y.grad [3.0, 3.0]. Here equal literals intern to one
// node, so the gradient cannot tell x from y: the tensor layer would have to
// give each literal its own identity, as Tensor::empty does with Buffer ids.
void TestBackward::equalLiteralsAreDistinct() {
  Tensor x = Tensor::fromList({1.0, 2.0}), y = Tensor::fromList({1.0, 2.0});
  backward((x * 2 + y * 3).sum());
  QCOMPARE(gradtest::values(*x.grad()), (std::vector<double>{2.0, 2.0}));
}

// tinygrad: a clone is a buffer of its own, so two clones of one value (of
// equal expressions) are two tensors with a gradient each:
//   a = Tensor.arange(2).float().clone(); b = Tensor.arange(2).float().clone()
//   (a * 2 + b * 3).sum().backward() -> a.grad [2.0, 2.0], b.grad [3.0, 3.0]
void TestBackward::clonesAreDistinct() {
  Tensor a = Tensor::arange(2).toFloat().clone(), b = Tensor::arange(2).toFloat().clone();
  QVERIFY(!a.isSame(b));
  backward((a * 2 + b * 3).sum());
  QCOMPARE(gradtest::values(*a.grad()), (std::vector<double>{2.0, 2.0}));
  QCOMPARE(gradtest::values(*b.grad()), (std::vector<double>{3.0, 3.0}));
}

UOPSCOPE_TEST(TestBackward);
#include "test_backward.moc"
