// The spec's composites: built from movement ops, elementwise ops and Reduce only.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include "core/tensor/composites.h"

#include <QTest>

using namespace uops;
using tensortest::expr;
using tensortest::input;
using tensortest::qs;

namespace {

// Every op of the graph is a movement, elementwise, Reduce or source op.
bool onlyPrimitives(const Tensor& t) {
  for (const UOp* n : toposort(*t.uop())) {
    OpGroup g = opGroup(n->op());
    bool ok = g == OpGroup::Movement || g == OpGroup::Elementwise || g == OpGroup::Reduce ||
              g == OpGroup::Source;
    if (!ok) return false;
  }
  return true;
}

} // namespace

class TestComposites : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void gemm();
  void prefixSumIsTheSpecsListing();
  void arangeGatherScatter();
};

void TestComposites::gemm() {
  Tensor a = input({6, 5}), b = input({5, 7});
  Tensor c = composites::gemm(a, b);
  QCOMPARE(qs(expr(c)),
           QStringLiteral("Reshape(Reduce(Mul(Expand(Reshape(a, (6, 5, 1)), (6, 5, 7)), "
                          "Expand(Reshape(b, (1, 5, 7)), (6, 5, 7))), Add, (1,)), (6, 7))"));
  QVERIFY(onlyPrimitives(c));
  QCOMPARE(qs(tensortest::verifyText(c)), QString());
}

void TestComposites::prefixSumIsTheSpecsListing() {
  Tensor p = composites::prefixSum(input({4}));
  // pad (n-1, 0); tile n+1 times; trim to 2n*n; windows (n, 2n) -> (n, n); sum.
  QCOMPARE(
      qs(expr(p)),
      QStringLiteral("Reshape(Reduce(Shrink(Reshape(Shrink(Reshape(Expand(Reshape(Pad(a, (3,), "
                     "(7,)), (1, 7)), "
                     "(5, 7)), (35,)), (0,), (32,)), (4, 8)), (0, 0), (4, 4)), Add, (1,)), (4,))"));
  QVERIFY(onlyPrimitives(p));
}

void TestComposites::arangeGatherScatter() {
  Tensor r = composites::arange(5);
  QCOMPARE(qs(tensortest::shapeText(r)), QStringLiteral("(5,)"));
  QCOMPARE(qs(tensortest::dtypeText(r)), QStringLiteral("int32"));
  QVERIFY(onlyPrimitives(r));
  Tensor g = composites::gather(input({5}), input({3}, dtypes::int32));
  QCOMPARE(qs(tensortest::shapeText(g)), QStringLiteral("(3,)"));
  QVERIFY(onlyPrimitives(g));
  Tensor s = composites::scatterAdd(input({5}), input({7}, dtypes::int32), input({7}));
  QCOMPARE(qs(tensortest::shapeText(s)), QStringLiteral("(5,)"));
  QVERIFY(onlyPrimitives(s));
  QCOMPARE(qs(tensortest::verifyText(s)), QString());
}

UOPSCOPE_TEST(TestComposites);
#include "test_composites.moc"
