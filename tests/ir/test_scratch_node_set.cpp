// The pooled scratch maps of walks and rewrites: a borrowed map starts empty
// even when the one given back before held keys (its room is reused, its
// entries are not), nested borrows are separate maps, and the walks built on
// them still give every node once, sources first.
#include "tests/support/test_registry.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/scratch_node_set.h"

#include <QTest>

#include <vector>

using namespace uops;

namespace {

const UOp* scratchFakeNode(uintptr_t id) { return reinterpret_cast<const UOp*>(id * 16); }

} // namespace

class TestScratchNodeSet : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void aBorrowedMapStartsEmpty() {
    {
      ScratchNodeMap<int> first;
      for (uintptr_t i = 1; i <= 5000; ++i) first[scratchFakeNode(i)] = static_cast<int>(i);
      QCOMPARE(first.size(), size_t(5000));
      QCOMPARE(*first.find(scratchFakeNode(4321)), 4321);
    }
    ScratchNodeMap<int> again; // the same room, given back emptied
    QCOMPARE(again.size(), size_t(0));
    for (uintptr_t i = 1; i <= 5000; ++i) QVERIFY(again.find(scratchFakeNode(i)) == nullptr);
    QCOMPARE(again[scratchFakeNode(7)], 0); // a fresh value, not the 7 stored before
    QCOMPARE(again.size(), size_t(1));
  }

  void nestedBorrowsAreSeparate() {
    ScratchNodeSet outer;
    QVERIFY(outer.insert(scratchFakeNode(1)));
    QVERIFY(!outer.insert(scratchFakeNode(1)));
    {
      ScratchNodeSet inner;
      QVERIFY(!inner.contains(scratchFakeNode(1)));
      QVERIFY(inner.insert(scratchFakeNode(1)));
      QVERIFY(inner.insert(scratchFakeNode(2)));
    }
    QVERIFY(outer.contains(scratchFakeNode(1)));
    QVERIFY(!outer.contains(scratchFakeNode(2)));
    QCOMPARE(outer.size(), size_t(1));
  }

  void toposortTwiceGivesTheSameOrder() {
    UOpPtr a = constant(dtypes::float32, 1.0), b = constant(dtypes::float32, 2.0);
    UOpPtr s = alu(Op::Add, {a, b});
    UOpPtr root = alu(Op::Mul, {s, alu(Op::Add, {s, a})});
    std::vector<const UOp*> first = toposort(*root);
    std::vector<const UOp*> want{a.get(), b.get(), s.get(), root->src(1).get(), root.get()};
    QCOMPARE(first, want);
    QCOMPARE(toposort(*root), first);
    QCOMPARE(nodesWithOps(*root, opBit(Op::Add)), (std::vector<const UOp*>{s.get(), root->src(1).get()}));
  }
};

UOPSCOPE_TEST(TestScratchNodeSet);
#include "test_scratch_node_set.moc"
