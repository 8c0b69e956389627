// The Tensor handle: shared state, the gradient slot, the live-tensor registry, assign.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

using namespace uops;
using tensortest::expr;
using tensortest::input;
using tensortest::qs;

class TestHandle : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void accessors();
  void copiesShareState();
  void registryListsLiveTensorsOldestFirst();
  void assign();
  void nullHandle();
  void resultsStayOnTheDataDevice();
};

void TestHandle::accessors() {
  Tensor t = input({2, 3, 4}, dtypes::int16);
  QCOMPARE(t.ndim(), int64_t{3});
  QCOMPARE(t.numel(), int64_t{24});
  QCOMPARE(t.size(-1), int64_t{4});
  QCOMPARE(t.elementSize(), int64_t{2});
  QVERIFY(!t.isFloatingPoint());
  QCOMPARE(t.device(), std::string("CPU"));
  QVERIFY(t.valid());
}

void TestHandle::copiesShareState() {
  Tensor a = input({2});
  Tensor b = a;
  QVERIFY(a.isSame(b));
  QVERIFY(!a.grad());
  b.setGrad(Tensor::ones({2}));
  QVERIFY(a.grad().has_value());
  a.setRequiresGrad(true);
  QVERIFY(b.requiresGrad());
  b.replace(Tensor::zeros({2}));
  QVERIFY(a.uop() == b.uop());
}

void TestHandle::registryListsLiveTensorsOldestFirst() {
  Tensor first = input({1});
  Tensor second = first + Scalar(1.0);
  std::vector<Tensor> live = Tensor::liveTensors();
  auto pos = [&](const Tensor& t) {
    for (size_t i = 0; i < live.size(); ++i)
      if (live[i].isSame(t)) return static_cast<int64_t>(i);
    return int64_t{-1};
  };
  QVERIFY(pos(first) >= 0);
  QVERIFY(pos(second) > pos(first));
  size_t before = Tensor::liveTensors().size();
  { Tensor temp = input({3}); }
  QCOMPARE(Tensor::liveTensors().size(), before);
}

void TestHandle::assign() {
  Tensor a = input({2, 3});
  Tensor alias = a;
  a.assign(Scalar(int64_t{2}));
  // The Python constant takes a's dtype and shape; every copy sees the new graph.
  QCOMPARE(qs(expr(alias)), QStringLiteral("2.0"));
  QCOMPARE(qs(tensortest::shapeText(alias)), QStringLiteral("(2, 3)"));
  try {
    a.assign(input({2, 3}, dtypes::int32));
    QFAIL("no error");
  } catch (const TensorError& e) {
    QCOMPARE(qs(e.what()), QStringLiteral("assign dtype mismatch dtypes.float != dtypes.int"));
  }
}

void TestHandle::nullHandle() {
  Tensor t;
  QVERIFY(!t.valid());
  try {
    (void)t.shape();
    QFAIL("no error");
  } catch (const TensorError& e) {
    QCOMPARE(qs(e.what()), QStringLiteral("use of a null tensor handle"));
  }
}

void TestHandle::resultsStayOnTheDataDevice() {
  Tensor t = Tensor::empty({2}, dtypes::float32, "CL:0");
  QCOMPARE((2.0 - t).device(), std::string("CL:0"));
  QCOMPARE(Tensor::scalar(int64_t{2}).pow(t).device(), std::string("CL:0"));
  QCOMPARE(t.sum().device(), std::string("CL:0"));
  QCOMPARE(t.getitem({1}).device(), std::string("CL:0"));
}

UOPSCOPE_TEST(TestHandle);
#include "test_handle.moc"
