// Gradients of reductions and the composites built on them (matmul, softmax,
// logsumexp, mean / var / std, cumulative ops) against central differences
// (float64), tie and zero rules against tinygrad, and the conformance programs
// grad_reduce_ops.py and grad_matmul.py.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include <QTest>

using namespace uops;
using gradtest::checkGradients;
using gradtest::Input;
using gradtest::qs;

namespace {

// No two elements equal, so max and min are differentiable.
const Input kA{{3, 4}, {0.5, -1.2, 2.3, 0.9, 1.7, -0.4, 0.1, -2.2, 1.1, 0.7, -0.9, 2.6}};
const Input kB{{4, 2}, {1.3, -0.6, 0.2, 0.8, -1.5, 1.9, 0.4, -0.3}};
const Input kC{{3, 4}, {1.4, 0.6, 1.9, 0.8, 1.2, 0.5, 2.1, 1.7, 0.9, 1.1, 0.3, 1.6}};

} // namespace

class TestReduceGradients : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void finiteDifferences_data();
  void finiteDifferences();
  void tiesAndZerosFollowTinygrad();
  void conformanceGradReduceOps();
  void conformanceGradMatmul();
};

void TestReduceGradients::finiteDifferences_data() {
  QTest::addColumn<gradtest::Fn>("f");
  QTest::addColumn<std::vector<Input>>("inputs");
  using V = const std::vector<Tensor>&;
  auto row = [](const char* name, gradtest::Fn f, std::vector<Input> in) {
    QTest::newRow(name) << std::move(f) << std::move(in);
  };
  row("sum all", [](V v) { return v[0].sum() * v[0]; }, {kA});
  row("sum axis keepdim", [](V v) { return v[0].sum(1, true) * v[0]; }, {kA});
  row("sum axes", [](V v) { return v[0].reshape({3, 2, 2}).sum({0, 2}) * v[0].sum(); }, {kA});
  row("max", [](V v) { return v[0].max(1) * v[0].max(0).sum(); }, {kA});
  row("min", [](V v) { return v[0].min(0, true) * v[0]; }, {kA});
  row("prod", [](V v) { return v[0].prod(1) * v[0].prod(); }, {kC});
  row("mean", [](V v) { return v[0].mean(0) * v[0].mean(); }, {kA});
  row("var", [](V v) { return v[0].var(1); }, {kA});
  row("var all, correction 0", [](V v) { return v[0].var({}, false, 0); }, {kA});
  row("std", [](V v) { return v[0].std(0); }, {kA});
  row("softmax", [](V v) { return v[0].softmax(1); }, {kA});
  row("log softmax", [](V v) { return v[0].logSoftmax(0); }, {kA});
  row("logsumexp", [](V v) { return v[0].logsumexp(1); }, {kA});
  row("cumsum", [](V v) { return v[0].cumsum(1) * v[0]; }, {kA});
  row("cumprod", [](V v) { return v[0].cumprod(0); }, {kC});
  row("cummax", [](V v) { return v[0].cummax(1).first; }, {kA});
  row("matmul", [](V v) { return v[0].matmul(v[1]); }, {kA, kB});
  row("matmul vector", [](V v) { return v[0].matmul(v[1].getitem({Slice{}, 0})); }, {kA, kB});
  row("einsum", [](V v) { return Tensor::einsum("ij,jk->ik", {v[0], v[1]}); }, {kA, kB});
  row("batched matmul",
      [](V v) {
        return v[0].reshape({3, 2, 2}).matmul(v[1].reshape({2, 4}));
      },
      {kA, kB});
}

void TestReduceGradients::finiteDifferences() {
  QFETCH(gradtest::Fn, f);
  QFETCH(std::vector<Input>, inputs);
  QCOMPARE(qs(checkGradients(f, inputs)), QString());
}

// Pasted from a run of /work/tinygrad at a9069c177a9d (DEV=CPU):
//   x = Tensor([[1.0, 3.0, 3.0], [2.0, 2.0, 2.0]])
//   (x.max(axis=1) * Tensor([1.0, 3.0])).sum().backward()
//     -> x.grad [[0.0, 0.5, 0.5], [1.0, 1.0, 1.0]]      (ties share equally)
//   x = Tensor([[2.0, 0.0, 3.0], [0.0, 0.0, 5.0], [1.0, 2.0, 4.0]])
//   (x.prod(axis=1) * Tensor([1.0, 2.0, 3.0])).sum().backward()
//     -> x.grad [[0.0, 6.0, 0.0], [0.0, 0.0, 0.0], [24.0, 12.0, 6.0]]
void TestReduceGradients::tiesAndZerosFollowTinygrad() {
  Tensor x = Tensor::fromList({{1.0, 3.0, 3.0}, {2.0, 2.0, 2.0}});
  auto g = gradient((x.max(1) * Tensor::fromList({1.0, 3.0})).sum(), {x});
  QCOMPARE(gradtest::values(g[0]), (std::vector<double>{0.0, 0.5, 0.5, 1.0, 1.0, 1.0}));
  Tensor z = Tensor::fromList({{2.0, 0.0, 3.0}, {0.0, 0.0, 5.0}, {1.0, 2.0, 4.0}});
  g = gradient((z.prod(1) * Tensor::fromList({1.0, 2.0, 3.0})).sum(), {z});
  QCOMPARE(gradtest::values(g[0]), (std::vector<double>{0.0, 6.0, 0.0, 0.0, 0.0, 0.0, 24.0, 12.0, 6.0}));
}

// conformance/programs/grad_reduce_ops.py
void TestReduceGradients::conformanceGradReduceOps() {
  Tensor x = Tensor::fromList({{1.0, 3.0, 2.0, 3.0}, {-1.0, -2.0, 0.5, 4.0}, {0.0, 0.0, 0.0, 0.0}});
  Tensor s = Tensor::fromList({{0.5, 1.0, -1.0, 2.0}, {1.0, 1.0, 1.0, 1.0}, {3.0, 0.0, -3.0, 1.0}});
  Tensor loss = x.max(1).sum() + (x.softmax(1) * s).sum() + x.logsumexp(0).mean() + x.var() +
                x.cumsum(1).sum() * 0.1 + x.std(0).sum();
  backward(loss);
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(loss), {23.42901611328125})), QString());
  QCOMPARE(qs(gradtest::compareValues(
               gradtest::values(*x.grad()), {1.0577595233917236, 1.9214303493499756, 0.8435587882995605,
                                 1.5809540748596191, -0.41840144991874695, -0.6847192645072937,
                                 0.012752920389175415, 2.248851776123047, 1.2395912408828735,
                                 0.2739633321762085, -0.8970053791999817, -0.17873623967170715})),
           QString());
  QCOMPARE(
      qs(gradtest::compareValues(
          gradtest::values(*s.grad()), {0.054064590483903885, 0.3994862735271454, 0.14696279168128967,
                            0.3994862735271454, 0.006482447497546673, 0.002384759718552232,
                            0.029052313417196274, 0.9620805382728577, 0.25, 0.25, 0.25, 0.25})),
      QString());
}

// conformance/programs/grad_matmul.py: c, a live intermediate, gets its grad too.
void TestReduceGradients::conformanceGradMatmul() {
  Tensor a = Tensor::fromList({{1.0, 2.0, -1.0}, {0.5, -0.5, 2.0}});
  Tensor b = Tensor::fromList({{0.5, -1.0}, {2.0, 0.0}, {1.0, 1.5}});
  Tensor c = a.matmul(b);
  Tensor loss = (c * c).sum() + c.tanh().mean();
  backward(loss);
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(loss), {26.77411460876465})), QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(*a.grad()), {8.493806838989258, 14.00182056427002,
                                                        -0.4891176223754883, -3.7215962409973145,
                                                        5.140207290649414, 10.080076217651367})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(*b.grad()), {8.285962104797363, -2.490027904510498,
                                                        12.716768264770508, -12.490028381347656,
                                                        -1.8607029914855957, 15.006648063659668})),
           QString());
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(*c.grad()), {7.00091028213501, -4.993351936340332,
                                                        2.570103645324707, 5.006648063659668})),
           QString());
}

UOPSCOPE_TEST(TestReduceGradients);
#include "test_reduce.moc"
