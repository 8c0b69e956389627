// Random numbers: graph shapes and dtypes, the host-side counter, seeds.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

#include <functional>

using namespace uops;
using tensortest::qs;

class TestRandom : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void init() { Tensor::manualSeed(0); }
  void shapesAndDtypes_data();
  void shapesAndDtypes();
  void seedsReproduceAndCallsAdvance();
  void threefryIsPrimitiveUInt32Ops();
  void errors();
};

void TestRandom::shapesAndDtypes_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("shape");
  QTest::addColumn<QString>("dtype");
  auto row = [](const char* n, const Tensor& t, const char* s, const char* d) {
    QTest::newRow(n) << t << qs(s) << qs(d);
  };
  row("rand", Tensor::rand({2, 3}), "(2, 3)", "float32");
  row("rand half", Tensor::rand({3}, dtypes::float16), "(3,)", "float16");
  row("rand bfloat16", Tensor::rand({3}, dtypes::bfloat16), "(3,)", "bfloat16");
  row("rand double", Tensor::rand({3}, dtypes::float64), "(3,)", "float64");
  row("rand of nothing", Tensor::rand({0, 2}), "(0, 2)", "float32");
  row("randn", Tensor::randn({4}), "(4,)", "float32");
  row("randn half", Tensor::randn({4}, dtypes::float16), "(4,)", "float16");
  row("randint", Tensor::randint({5}, 0, 10), "(5,)", "int32");
  row("uniform", Tensor::uniform({3}, -1.0, 2.0), "(3,)", "float32");
  row("normal", Tensor::normal({3}, 1.0, 2.0), "(3,)", "float32");
  row("scaled_uniform", Tensor::scaledUniform({2, 3}), "(2, 3)", "float32");
  row("glorot_uniform", Tensor::glorotUniform({2, 3}), "(2, 3)", "float32");
  row("kaiming_uniform", Tensor::kaimingUniform({2, 3}), "(2, 3)", "float32");
  row("kaiming_normal", Tensor::kaimingNormal({2, 3}), "(2, 3)", "float32");
  row("randperm", Tensor::randperm(6), "(6,)", "int32");
  row("rand_like", Tensor::zeros({2, 2}).randLike(), "(2, 2)", "float32");
  row("randn_like", Tensor::zeros({2, 2}, dtypes::float16).randnLike(), "(2, 2)", "float16");
}

void TestRandom::shapesAndDtypes() {
  QFETCH(Tensor, t);
  QFETCH(QString, shape);
  QFETCH(QString, dtype);
  QCOMPARE(qs(tensortest::shapeText(t)), shape);
  QCOMPARE(qs(tensortest::dtypeText(t)), dtype);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestRandom::seedsReproduceAndCallsAdvance() {
  // Graphs are interned: equal streams are the same node.
  Tensor::manualSeed(42);
  Tensor a = Tensor::rand({5});
  Tensor b = Tensor::rand({5});
  QVERIFY(a.uop() != b.uop()); // the counter moved on
  Tensor::manualSeed(42);
  QVERIFY(Tensor::rand({5}).uop() == a.uop());
  QVERIFY(Tensor::rand({5}).uop() == b.uop());
  Tensor::manualSeed(7);
  QVERIFY(Tensor::rand({5}).uop() != a.uop());
  // Each device has its own key and counter.
  Tensor::manualSeed(42);
  Tensor other = Tensor::rand({5}, std::nullopt, "CL:0");
  QCOMPARE(other.device(), std::string("CL:0"));
  QVERIFY(Tensor::rand({5}).uop() != other.uop());
  QCOMPARE(a.uop()->op(), Op::Contiguous);
}

void TestRandom::threefryIsPrimitiveUInt32Ops() {
  Tensor r = Tensor::rand({4});
  bool sawThreefry = false;
  for (const UOp* n : toposort(*r.uop())) {
    sawThreefry |= n->op() == Op::Threefry;
    if (n->op() == Op::Shl || n->op() == Op::Shr || n->op() == Op::Xor)
      QVERIFY(n->dtype() == dtypes::uint32);
  }
  QVERIFY(!sawThreefry);
}

void TestRandom::errors() {
  auto errorOf = [](const std::function<void()>& f) -> QString {
    try {
      f();
    } catch (const TensorError& e) {
      return qs(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(errorOf([] { Tensor::rand({2}, dtypes::int32); }),
           QStringLiteral("rand only supports concrete float dtypes, got dtypes.int"));
  QCOMPARE(errorOf([] { Tensor::rand({-1}); }), QStringLiteral("invalid input shape=(-1,)"));
  QCOMPARE(errorOf([] { Tensor::randint({2}, 5, 1); }),
           QStringLiteral("Tensor.randint requires low < high, got low=5, high=1"));
  QCOMPARE(errorOf([] { Tensor::randint({2}, 0, 5, dtypes::float32); }),
           QStringLiteral("dtype=dtypes.float must be int"));
  QCOMPARE(errorOf([] { Tensor::uniform({2}, 1.0, 1.0); }),
           QStringLiteral("Tensor.uniform requires low < high, got low=1.0, high=1.0"));
  QCOMPARE(errorOf([] { Tensor::normal({2}, 0.0, -1.0); }),
           QStringLiteral("Tensor.normal requires std >= 0, got std=-1.0"));
}

UOPSCOPE_TEST(TestRandom);
#include "test_random.moc"
