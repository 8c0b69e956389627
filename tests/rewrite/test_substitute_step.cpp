// Passes recorded as rewrites (substitute_step.h): each step replays to its
// output, the first k rewrites give the graph after k swaps, and without a
// listener the result is the plain one.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/substitute_step.h"
#include "core/rewrite/trace.h"

#include <QTest>

using namespace uops;
using rwtest::idx;
using rwtest::qshow;
using rwtest::r0;
using rwtest::r1;

class TestSubstituteStep : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void substitutionIsAStepThatReplays() {
    UOpPtr root = (r0() + r1()) * (r0() + 3);
    NodeSubst subst{{r0().get(), idx(5)}, {r1().get(), idx(7)}};
    TraceRecorder recorder;
    int line = __LINE__ + 1;
    UOpPtr out = substituteStep("ranges to constants", root, subst);
    QCOMPARE(out.get(), substitute(root, subst).get());
    QCOMPARE(recorder.steps().size(), size_t{1});
    const TraceStep& step = recorder.steps()[0];
    QCOMPARE(QString::fromStdString(step.name), QStringLiteral("ranges to constants"));
    QCOMPARE(static_cast<int>(step.location.line()), line);
    QCOMPARE(step.input.get(), root.get());
    QCOMPARE(step.output.get(), out.get());
    // one rewrite per key reached, sources first: r0 before r1
    QCOMPARE(step.rewrites.size(), size_t{2});
    QCOMPARE(step.rewrites[0].matched.get(), r0().get());
    QCOMPARE(QString::fromStdString(step.rewrites[0].rule.name()), QStringLiteral("ranges to constants"));
    QCOMPARE(step.rootAfter(2).get(), out.get());
    QCOMPARE(qshow(step.rootAfter(1)), qshow((idx(5) + r1()) * (idx(5) + 3)));
  }

  // A key under another key is not reached: it is no rewrite of the step
  void keysUnderAReplacedNodeAreNotRewrites() {
    UOpPtr inner = r0() + 1;
    UOpPtr root = inner * 2;
    TraceRecorder recorder;
    substituteStep("swap", root, {{inner.get(), idx(9)}, {r0().get(), idx(4)}});
    QCOMPARE(recorder.steps().at(0).rewrites.size(), size_t{1});
    QCOMPARE(recorder.steps()[0].rewrites[0].matched.get(), inner.get());
  }

  // recordPass: only nodes whose value is not their rebuild are rewrites
  void passRecordsOnlyItsOwnChanges() {
    UOpPtr a = r0() + 1;
    UOpPtr root = (a * 2) + r1();
    UOpPtr a2 = r0() + 2;
    NodeSubst values{{a.get(), a2}, {(a * 2).get(), a2 * 2}, {root.get(), (a2 * 2) + r1()}};
    TraceRecorder recorder;
    UOpPtr out = recordPass("bump", root, values);
    QCOMPARE(out.get(), ((a2 * 2) + r1()).get());
    const TraceStep& step = recorder.steps().at(0);
    QCOMPARE(step.rewrites.size(), size_t{1}); // a; its users are only rebuilt
    QCOMPARE(step.rewrites[0].matched.get(), a.get());
    QCOMPARE(step.rootAfter(1).get(), out.get());
  }

  void wholeGraphAndReplaySteps() {
    UOpPtr root = r0() * 3;
    TraceRecorder recorder;
    UOpPtr listed = UOp::make(Op::Sink, dtypes::void_, {root});
    QCOMPARE(recordWholeGraph("list", root, listed).get(), listed.get());
    std::vector<RewritePair> pairs{{r0(), r1()}};
    UOpPtr replayed = replayStep("table", root, pairs);
    QCOMPARE(replayed.get(), (r1() * 3).get());
    QCOMPARE(recorder.steps().size(), size_t{2});
    QCOMPARE(recorder.steps()[0].rootAfter(1).get(), listed.get());
    QCOMPARE(recorder.steps()[1].rootAfter(1).get(), replayed.get());
  }

  void withoutAListenerNothingIsRecorded() {
    UOpPtr root = r0() + r1();
    NodeSubst subst{{r1().get(), idx(2)}};
    QCOMPARE(substituteStep("swap", root, subst).get(), (r0() + 2).get());
    QCOMPARE(recordWholeGraph("list", root, r0()).get(), r0().get());
  }
};

UOPSCOPE_TEST(TestSubstituteStep);
#include "test_substitute_step.moc"
