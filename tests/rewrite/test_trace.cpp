// The rewrite trace: steps, rewrites, rule names and locations, replay,
// snapshots, failures, nesting.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/trace.h"

#include <QTest>

#include <random>
#include <stdexcept>

using namespace uops;
using rwtest::qs;
using rwtest::show;
using rwtest::r0;
using rwtest::r1;
using rwtest::idx;
using rwtest::value;
using rwtest::keepX;

namespace {

int gFoldLine = 0;

const PatternMatcher& pmSmall() {
  static const PatternMatcher pm{
      rule("x+0", UPat::var("x") + 0, keepX),
      rule("x*1", UPat::var("x") * 1, keepX),
      rule("x*0", UPat::var("x") * 0, [](const Match&) { return idx(0); }),
      (gFoldLine = __LINE__ + 1,
       rule("(x+c1)+c2", (UPat::var("x") + UPat::cvar("c1")) + UPat::cvar("c2"),
            [](const Match& m) { return m["x"] + (value(m["c1"]) + value(m["c2"])); })),
      rule("c1+c2", UPat::cvar("c1") + UPat::cvar("c2"),
           [](const Match& m) { return idx(value(m["c1"]) + value(m["c2"])); }),
      rule("c1*c2", UPat::cvar("c1") * UPat::cvar("c2"),
           [](const Match& m) { return idx(value(m["c1"]) * value(m["c2"])); }),
      rule("(x*c1)*c2", (UPat::var("x") * UPat::cvar("c1")) * UPat::cvar("c2"),
           [](const Match& m) { return m["x"] * (value(m["c1"]) * value(m["c2"])); }),
  };
  return pm;
}

// A random expression over r0, r1 and small constants, with things to fold.
UOpPtr randomExpr(std::mt19937_64& rng, int depth) {
  auto pick = [&](uint64_t n) { return static_cast<int64_t>(rng() % n); };
  if (depth == 0 || pick(4) == 0) {
    switch (pick(3)) {
    case 0:
      return r0();
    case 1:
      return r1();
    default:
      return idx(pick(3));
    }
  }
  UOpPtr a = randomExpr(rng, depth - 1), b = randomExpr(rng, depth - 1);
  switch (pick(4)) {
  case 0:
    return a + b;
  case 1:
    return a * b;
  case 2:
    return a + pick(3);
  default:
    return a * pick(3);
  }
}

} // namespace

class TestTrace : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void offByDefault();
  void recordsSteps();
  void recordsRewrites();
  void matchCounts();
  void rootAfterEachRewrite();
  void replayGivesFinalRoot_data();
  void replayGivesFinalRoot();
  void snapshot();
  void throwingRuleIsLastMatch();
  void infiniteLoopRecorded();
  void recordersNest();
  void rewriteInsideARule();
};

void TestTrace::offByDefault() {
  QVERIFY(currentRewriteListener() == nullptr);
  traceSnapshot("nobody listens", r0());
  {
    TraceRecorder rec;
    QVERIFY(currentRewriteListener() == &rec);
  }
  QVERIFY(currentRewriteListener() == nullptr);
}

void TestTrace::recordsSteps() {
  TraceRecorder rec;
  UOpPtr in = (r0() + 1) + 2;
  const int line = __LINE__ + 1;
  UOpPtr out = graphRewrite(in, pmSmall(), {.name = "fold adds"});
  graphRewrite(out, pmSmall(), {.name = "again", .topDown = true});
  QCOMPARE(rec.steps().size(), size_t(2));
  const TraceStep& s = rec.steps()[0];
  QCOMPARE(qs(s.name), QStringLiteral("fold adds"));
  QCOMPARE(int(s.location.line()), line);
  QVERIFY(std::string_view(s.location.file_name()).ends_with("test_trace.cpp"));
  QVERIFY(s.input == in);
  QVERIFY(s.output == out);
  QVERIFY(!s.topDown && !s.snapshot && !s.failed());
  QCOMPARE(s.depth, 0);
  const TraceStep& t = rec.steps()[1];
  QCOMPARE(qs(t.name), QStringLiteral("again"));
  QVERIFY(t.topDown);
  QVERIFY(t.rewrites.empty());
  QVERIFY(t.input == out && t.output == out);
}

void TestTrace::recordsRewrites() {
  TraceRecorder rec;
  UOpPtr in = ((r0() * 1) + 1) + 2;
  graphRewrite(in, pmSmall());
  const auto& rw = rec.steps().at(0).rewrites;
  QCOMPARE(rw.size(), size_t(2));
  QCOMPARE(qs(rw[0].rule.name()), QStringLiteral("x*1"));
  QCOMPARE(show(rw[0].matched), std::string("Mul(r0, 1)"));
  QCOMPARE(show(rw[0].replacement), std::string("r0"));
  QCOMPARE(qs(rw[1].rule.name()), QStringLiteral("(x+c1)+c2"));
  QCOMPARE(int(rw[1].rule.location().line()), gFoldLine);
  QCOMPARE(show(rw[1].matched), std::string("Add(Add(r0, 1), 2)"));
  QCOMPARE(show(rw[1].replacement), std::string("Add(r0, 3)"));
  QVERIFY(rw[0].at <= rw[1].at);
}

void TestTrace::matchCounts() {
  TraceRecorder rec;
  // (r1*1)*1: the inner r1*1 is shared with the sink's second source, and the
  // outer node rebuilt on its result is r1*1 again: both memo hits.
  graphRewrite(sink({r0() * 1, r1() * 1, r0() + 0, (r1() * 1) * 1, (r1() * 2) * 3}), pmSmall());
  auto counts = rec.steps().at(0).matchCounts();
  QCOMPARE(counts.size(), size_t(3));
  QCOMPARE(qs(counts[0].first), QStringLiteral("x*1"));
  QCOMPARE(counts[0].second, size_t(2));
  QCOMPARE(qs(counts[1].first), QStringLiteral("x+0"));
  QCOMPARE(counts[1].second, size_t(1));
  QCOMPARE(qs(counts[2].first), QStringLiteral("(x*c1)*c2"));
  QCOMPARE(counts[2].second, size_t(1));
}

void TestTrace::rootAfterEachRewrite() {
  TraceRecorder rec;
  UOpPtr in = sink({r0() * 1, (r1() + 1) + 2});
  UOpPtr out = graphRewrite(in, pmSmall());
  const TraceStep& s = rec.steps().at(0);
  QCOMPARE(s.rewrites.size(), size_t(2));
  QVERIFY(s.rootAfter(0) == in);
  QCOMPARE(show(s.rootAfter(1)), std::string("Sink(r0, Add(Add(r1, 1), 2))"));
  QCOMPARE(show(s.rootAfter(2)), std::string("Sink(r0, Add(r1, 3))"));
  QVERIFY(s.rootAfter(2) == out);
  QVERIFY(s.rootAfter(99) == out);
}

void TestTrace::replayGivesFinalRoot_data() {
  QTest::addColumn<bool>("topDown");
  QTest::addColumn<int>("seed");
  for (int seed = 1; seed <= 20; ++seed) {
    QTest::addRow("bottom-up %d", seed) << false << seed;
    QTest::addRow("top-down %d", seed) << true << seed;
  }
}

// Replaying all recorded rewrites over the input is the result, and every
// prefix replays without error.
void TestTrace::replayGivesFinalRoot() {
  QFETCH(bool, topDown);
  QFETCH(int, seed);
  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  UOpList roots;
  for (int i = 0; i < 8; ++i)
    roots.push_back(randomExpr(rng, 5));
  UOpPtr in = sink(roots);
  TraceRecorder rec;
  UOpPtr out = graphRewrite(in, pmSmall(), {.topDown = topDown});
  const TraceStep& s = rec.steps().at(0);
  QVERIFY(!s.rewrites.empty());
  QVERIFY(s.rootAfter(s.rewrites.size()) == out);
  // Each rewrite's matched node is in the graph it was applied to.
  for (size_t k = 0; k < s.rewrites.size(); ++k) {
    UOpPtr before = s.rootAfter(k);
    bool found = false;
    for (const UOp* n : toposort(*before))
      found = found || n == s.rewrites[k].matched.get();
    // Bottom-up, a rule may match a node just rebuilt from rewritten sources;
    // its sources are then in the graph instead.
    if (!found)
      for (const UOp* n : toposort(*before))
        for (const auto& src : s.rewrites[k].matched->src())
          found = found || n == src.get();
    QVERIFY2(found, qPrintable(QStringLiteral("rewrite %1 not in the graph before it").arg(k)));
  }
}

void TestTrace::snapshot() {
  TraceRecorder rec;
  UOpPtr g = r0() + 1;
  const int line = __LINE__ + 1;
  traceSnapshot("View Base AST", g);
  QCOMPARE(rec.steps().size(), size_t(1));
  const TraceStep& s = rec.steps()[0];
  QCOMPARE(qs(s.name), QStringLiteral("View Base AST"));
  QVERIFY(s.snapshot);
  QCOMPARE(int(s.location.line()), line);
  QVERIFY(s.input == g && s.output == g);
  QVERIFY(s.rewrites.empty());
  QVERIFY(s.rootAfter(0) == g);
}

void TestTrace::throwingRuleIsLastMatch() {
  PatternMatcher pm =
      pmSmall() + PatternMatcher{rule("explodes", UPat::var("x") / 2, [](const Match&) -> UOpPtr {
        throw std::runtime_error("boom");
      })};
  TraceRecorder rec;
  UOpPtr in = ((r0() * 1) / 2) + 0;
  QVERIFY_THROWS_EXCEPTION(std::runtime_error, graphRewrite(in, pm, {.name = "fails"}));
  QCOMPARE(rec.steps().size(), size_t(1));
  const TraceStep& s = rec.steps()[0];
  QVERIFY(s.failed());
  QCOMPARE(qs(s.error), QStringLiteral("boom"));
  QVERIFY(s.output == nullptr);
  QCOMPARE(s.rewrites.size(), size_t(2));
  QCOMPARE(qs(s.rewrites[0].rule.name()), QStringLiteral("x*1"));
  const TraceRewrite& last = s.rewrites.back();
  QCOMPARE(qs(last.rule.name()), QStringLiteral("explodes"));
  QCOMPARE(show(last.matched), std::string("Idiv(r0, 2)"));
  QVERIFY(last.replacement == nullptr);
  // The rewrites before the failure still replay.
  QCOMPARE(show(s.rootAfter(1)), std::string("Add(Idiv(r0, 2), 0)"));
  QCOMPARE(show(s.rootAfter(2)), std::string("Add(Idiv(r0, 2), 0)"));
}

void TestTrace::infiniteLoopRecorded() {
  PatternMatcher pm{rule("swap", UPat::op(Op::Add, {UPat::var("a"), UPat::var("b")}).inOrder(),
                         [](const Match& m) {
                           return UOp::make(Op::Add, m["a"]->dtype(), {m["b"], m["a"]});
                         })};
  TraceRecorder rec;
  QVERIFY_THROWS_EXCEPTION(RewriteError, graphRewrite(r0() + r1(), pm, {.name = "loops"}));
  const TraceStep& s = rec.steps().at(0);
  QVERIFY(s.failed());
  QVERIFY(qs(s.error).contains(QStringLiteral("infinite loop")));
  // r0+r1 -> r1+r0 -> r0+r1, which is still being rewritten.
  QCOMPARE(s.rewrites.size(), size_t(2));
  QCOMPARE(qs(s.rewrites[1].rule.name()), QStringLiteral("swap"));
  QCOMPARE(show(s.rewrites[1].replacement), std::string("Add(r0, r1)"));
}

void TestTrace::recordersNest() {
  TraceRecorder outer;
  graphRewrite(r0() * 1, pmSmall(), {.name = "one"});
  {
    TraceRecorder inner;
    graphRewrite(r0() * 1, pmSmall(), {.name = "two"});
    QCOMPARE(inner.steps().size(), size_t(1));
    QCOMPARE(qs(inner.steps()[0].name), QStringLiteral("two"));
  }
  graphRewrite(r0() * 1, pmSmall(), {.name = "three"});
  QCOMPARE(outer.steps().size(), size_t(2));
  QCOMPARE(qs(outer.steps()[1].name), QStringLiteral("three"));
  auto taken = outer.takeSteps();
  QCOMPARE(taken.size(), size_t(2));
  QVERIFY(outer.steps().empty());
}

// A rule that runs its own graphRewrite: a deeper step, recorded in order.
void TestTrace::rewriteInsideARule() {
  PatternMatcher pm{rule("simplify inside", UPat::var("x") / 1, [](const Match& m) {
    return graphRewrite(m["x"], pmSmall(), {.name = "inner"});
  })};
  TraceRecorder rec;
  UOpPtr out = graphRewrite(((r0() * 1) + 0) / 1, pm, {.name = "outer"});
  QCOMPARE(show(out), std::string("r0"));
  QCOMPARE(rec.steps().size(), size_t(2));
  QCOMPARE(qs(rec.steps()[0].name), QStringLiteral("outer"));
  QCOMPARE(qs(rec.steps()[1].name), QStringLiteral("inner"));
  QCOMPARE(rec.steps()[1].depth, 1);
  QCOMPARE(rec.steps()[1].rewrites.size(), size_t(2));
  QCOMPARE(rec.steps()[0].rewrites.size(), size_t(1));
  QCOMPARE(qs(rec.steps()[0].rewrites[0].rule.name()), QStringLiteral("simplify inside"));
}

UOPSCOPE_TEST(TestTrace);
#include "test_trace.moc"
