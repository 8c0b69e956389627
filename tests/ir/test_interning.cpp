// Interning (equal fields, same pointer), freeing, deep graphs and threads.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/graph_walk.h"
#include "core/ir/verify.h"
#include "tests/ir/random_graph.h"

#include <QTest>

#include <atomic>
#include <bit>
#include <optional>
#include <cmath>
#include <thread>

using namespace uops;
using irtest::qs;

class TestInterning : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void sameFieldsSamePointer();
  void differentFields_data();
  void differentFields();
  void nanConstEqualsItself();
  void withReturnsSelfWhenUnchanged();
  void freeing();
  void deepChain();
  void threadsGetTheSamePointers();
  void threadsMakeWhatOthersRelease();
  void opsBelowAndNodesWithOps();
};

void TestInterning::sameFieldsSamePointer() {
  UOpPtr a = constant(dtypes::int32, int64_t(3));
  QCOMPARE(constant(dtypes::int32, int64_t(3)).get(), a.get());
  UOpPtr b = buffer(1, dtypes::float32, 16, irtest::cpu());
  UOpPtr sum = reduce(reshape(b, {4, 4}) * 2, Op::Add, {1});
  UOpPtr again =
      reduce(reshape(buffer(1, dtypes::float32, 16, irtest::cpu()), {4, 4}) * 2, Op::Add, {1});
  QCOMPARE(again.get(), sum.get());
  QCOMPARE(UOp::make(Op::Add, dtypes::int32, {a, a}, {}, 7).get(),
           UOp::make(Op::Add, dtypes::int32, {a, a}, {}, 7).get());
}

void TestInterning::differentFields_data() {
  QTest::addColumn<UOpPtr>("a");
  QTest::addColumn<UOpPtr>("b");
  UOpPtr x = constant(dtypes::int32, int64_t(1));
  QTest::newRow("tag") << UOp::make(Op::Add, dtypes::int32, {x, x})
                       << UOp::make(Op::Add, dtypes::int32, {x, x}, {}, 1);
  QTest::newRow("tag value") << x->withTag(1) << x->withTag(2);
  QTest::newRow("arg") << constant(dtypes::int32, int64_t(1))
                       << constant(dtypes::int32, int64_t(2));
  QTest::newRow("arg kind") << constant(dtypes::float32, 1.0)
                            << constant(dtypes::float32, int64_t(1));
  QTest::newRow("-0.0 vs 0.0") << constant(dtypes::float32, -0.0) << constant(dtypes::float32, 0.0);
  QTest::newRow("nan payloads") << constant(dtypes::float32,
                                            std::bit_cast<double>(0x7ff8000000000000ull))
                                << constant(dtypes::float32,
                                            std::bit_cast<double>(0x7ff8000000000001ull));
  QTest::newRow("dtype") << constant(dtypes::int32, int64_t(1))
                         << constant(dtypes::int64, int64_t(1));
  QTest::newRow("source order") << UOp::make(Op::Sub, dtypes::int32, {x, x * 2})
                                << UOp::make(Op::Sub, dtypes::int32, {x * 2, x});
  QTest::newRow("buffer id") << buffer(1, dtypes::float32, 4, irtest::cpu())
                             << buffer(2, dtypes::float32, 4, irtest::cpu());
  QTest::newRow("range id") << range(4, 0) << range(4, 1);
  QTest::newRow("range axis type") << range(4, 0, AxisType::Loop) << range(4, 0, AxisType::Reduce);
}

void TestInterning::differentFields() {
  QFETCH(UOpPtr, a);
  QFETCH(UOpPtr, b);
  QVERIFY(a.get() != b.get());
}

void TestInterning::nanConstEqualsItself() {
  UOpPtr a = constant(dtypes::float32, std::nan(""));
  UOpPtr b = constant(dtypes::float32, std::nan(""));
  QCOMPARE(a.get(), b.get());
  QCOMPARE((a + a).get(), (b + b).get());
}

void TestInterning::withReturnsSelfWhenUnchanged() {
  UOpPtr x = constant(dtypes::int32, int64_t(1));
  UOpPtr y = x + x;
  QCOMPARE(y->withSrc(y->src()).get(), y.get());
  QCOMPARE(y->withArg(Arg{}).get(), y.get());
  QCOMPARE(y->withTag(std::nullopt).get(), y.get());
  QCOMPARE(y->withDType(dtypes::int32).get(), y.get());
  QCOMPARE(y->withTag(3)->withTag(std::nullopt).get(), y.get());
  QVERIFY(y->withDType(dtypes::int64).get() != y.get());
}

void TestInterning::freeing() {
  const size_t before = UOp::liveCount();
  {
    UOpPtr b = buffer(1, dtypes::float32, 16, irtest::cpu());
    UOpPtr out = reduce(reshape(b, {4, 4}) * 2, Op::Add, {1});
    QVERIFY(UOp::liveCount() > before);
    b.reset();
    QVERIFY(UOp::liveCount() > before); // still reachable from out
  }
  QCOMPARE(UOp::liveCount(), before);
  // A node freed is built anew when asked for again.
  {
    UOpPtr c = constant(dtypes::int32, int64_t(12345));
    QCOMPARE(UOp::liveCount(), before + 1);
  }
  QCOMPARE(UOp::liveCount(), before);
  UOpPtr again = constant(dtypes::int32, int64_t(12345));
  QCOMPARE(UOp::liveCount(), before + 1);
  QCOMPARE(again->constValue(), std::optional<ConstValue>(int64_t(12345)));
}

// A million nodes deep: building, min_max, toposort and freeing all iterate.
void TestInterning::deepChain() {
  const size_t before = UOp::liveCount();
  constexpr int64_t kDepth = 1'000'000;
  {
    UOpPtr x = range(10, 0);
    UOpPtr one = constIndex(1);
    for (int64_t i = 0; i < kDepth; ++i)
      x = UOp::make(Op::Add, dtypes::index, {x, one});
    QCOMPARE(UOp::liveCount(), before + kDepth + 3); // + the Range, its bound and `one`
    QCOMPARE(qs(toString(x->minMax())), QStringLiteral("[1000000, 1000009]"));
    std::vector<const UOp*> order = toposort(*x);
    QCOMPARE(order.size(), size_t(kDepth + 3));
    QCOMPARE(order.back(), x.get());
    QCOMPARE(order.front()->op(), Op::Const); // the Range's bound, the deepest leaf
    QVERIFY(verify(x).empty());
  }
  QCOMPARE(UOp::liveCount(), before);
}

// Threads racing to build the same 10k nodes meet in the intern table.
void TestInterning::threadsGetTheSamePointers() {
  constexpr int kThreads = 4, kNodes = 10'000;
  auto build = [](std::vector<UOpPtr>& out) {
    UOpPtr x = range(7, 0);
    for (int i = 0; i < kNodes; ++i) {
      x = i % 3 ? x + constIndex(i % 17) : maximum(x, constIndex(i % 5));
      out.push_back(x);
    }
  };
  std::vector<std::vector<UOpPtr>> results(kThreads);
  std::vector<std::thread> threads;
  for (auto& r : results)
    threads.emplace_back(build, std::ref(r));
  for (auto& t : threads)
    t.join();
  for (int t = 1; t < kThreads; ++t)
    for (int i = 0; i < kNodes; ++i)
      if (results[t][i].get() != results[0][i].get())
        QFAIL(qPrintable(QStringLiteral("thread %1 node %2 differs").arg(t).arg(i)));
  std::vector<UOpPtr> later;
  build(later);
  QCOMPARE(later.back().get(), results[0].back().get());
}

// Threads that make and at once drop the same few nodes: one finds a node in
// the table while another drops its last reference. Making it must neither
// hand out a dying node nor release one under the table's lock (that
// deadlocked: the release takes the lock again).
void TestInterning::threadsMakeWhatOthersRelease() {
  constexpr int kThreads = 4, kRounds = 50'000;
  std::atomic<int> wrong{0};
  auto churn = [&](int seed) {
    for (int i = 0; i < kRounds; ++i) {
      int64_t v = (i * 7 + seed) % 8;
      UOpPtr c = constIndex(v);
      if (c->constValue() != std::optional<ConstValue>(ConstValue(v))) ++wrong;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(churn, t);
  for (auto& t : threads) t.join();
  QCOMPARE(wrong.load(), 0);
}

// Each node knows the ops of its whole graph; nodesWithOps, which walks only
// into sources holding a wanted op, finds what a filtered toposort finds, in
// the same order.
void TestInterning::opsBelowAndNodesWithOps() {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    UOpPtr g = irtest::RandomGraph(seed).make(60);
    std::vector<const UOp*> all = toposort(*g);
    for (const UOp* u : all) {
      OpSet below;
      for (const UOp* v : toposort(*u)) below |= opBit(v->op());
      QCOMPARE(u->opsBelow(), below);
    }
    std::mt19937_64 rng(seed);
    for (int k = 0; k < 8; ++k) {
      OpSet wanted;
      for (int j = 0; j < 3; ++j) wanted |= opBit(all[rng() % all.size()]->op());
      if (k == 0) wanted = opBit(Op::End); // most graphs have none
      std::vector<const UOp*> expected;
      for (const UOp* u : all)
        if (wanted.test(static_cast<size_t>(u->op()))) expected.push_back(u);
      QVERIFY(nodesWithOps(*g, wanted) == expected);
    }
  }
}

UOPSCOPE_TEST(TestInterning);
#include "test_interning.moc"
