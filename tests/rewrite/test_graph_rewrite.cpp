// graphRewrite: traversal order, fixed points, memoization, depth, loops.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/graph_rewrite.h"

#include <QTest>

using namespace uops;
using rwtest::qs;
using rwtest::show;
using rwtest::r0;
using rwtest::r1;
using rwtest::idx;
using rwtest::value;
using rwtest::keepX;

namespace {

// (x+c1)+c2 -> x+(c1+c2): enough algebra to see fixed points.
const PatternMatcher& pmFoldAdds() {
  static const PatternMatcher pm{
      rule("x+0", UPat::var("x") + 0, keepX),
      rule("x*1", UPat::var("x") * 1, keepX),
      rule("(x+c1)+c2", (UPat::var("x") + UPat::cvar("c1")) + UPat::cvar("c2"),
           [](const Match& m) { return m["x"] + (value(m["c1"]) + value(m["c2"])); }),
  };
  return pm;
}

} // namespace

class TestGraphRewrite : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void unchangedGraphIsSameNode();
  void bottomUpRewritesSourcesFirst();
  void topDownRewritesRootFirst();
  void replacementIsRewritten();
  void fixedPointOnOneNode();
  void topDownRebuiltNodeGetsRulesAgain();
  void sharedSubgraphRewrittenOnce();
  void diamondVisitsEachNodeOnce();
  void deepChain_data();
  void deepChain();
  void cycleIsAnError();
  void stepLimitIsAnError();
  void contextReachesRules();
  void optionsRecordCallerLocation();
  void statsAddUp();
  void skipsWhatNoRuleMatches();
};

void TestGraphRewrite::unchangedGraphIsSameNode() {
  UOpPtr g = (r0() * 4 + r1()) / 4;
  QVERIFY(graphRewrite(g, pmFoldAdds()) == g);
  QVERIFY(graphRewrite(g, pmFoldAdds(), {.topDown = true}) == g);
}

// A rule that sees its source before that source is rewritten fires only top-down.
static const PatternMatcher& pmParentSeesChild() {
  static const PatternMatcher pm{
      rule("x*1", UPat::var("x") * 1, keepX),
      rule("(x*1)+y", (UPat::var("x") * 1) + UPat::var("y"), [](const Match&) { return idx(100); }),
  };
  return pm;
}

void TestGraphRewrite::bottomUpRewritesSourcesFirst() {
  UOpPtr g = (r0() * 1) + r1();
  QCOMPARE(show(graphRewrite(g, pmParentSeesChild())), std::string("Add(r0, r1)"));
}

void TestGraphRewrite::topDownRewritesRootFirst() {
  UOpPtr g = (r0() * 1) + r1();
  QCOMPARE(show(graphRewrite(g, pmParentSeesChild(), {.topDown = true})), std::string("100"));
  // Below a node no rule matches, top-down still reaches the sources.
  UOpPtr deeper = sink({(r0() * 1) + r1(), r0() * 1});
  QCOMPARE(show(graphRewrite(deeper, pmParentSeesChild(), {.topDown = true})),
           std::string("Sink(100, r0)"));
}

// x//1 -> (x*1)+0: the replacement's new nodes get the rules too.
void TestGraphRewrite::replacementIsRewritten() {
  PatternMatcher pm =
      pmFoldAdds() + PatternMatcher{rule("x//1", UPat::var("x") / 1,
                                         [](const Match& m) { return (m["x"] * 1) + 0; })};
  UOpPtr g = (r0() + 2) / 1 + 3;
  QCOMPARE(show(graphRewrite(g, pm)), std::string("Add(r0, 5)"));
  QCOMPARE(show(graphRewrite(g, pm, {.topDown = true})), std::string("Add(r0, 5)"));
}

// A rule that counts a constant down fires until it no longer matches.
void TestGraphRewrite::fixedPointOnOneNode() {
  PatternMatcher pm{rule("count down", UPat::cvar("c"), [](const Match& m) -> UOpPtr {
    int64_t v = value(m["c"]);
    return v > 0 ? idx(v - 1) : nullptr;
  })};
  RewriteStats stats;
  UOpPtr out = graphRewrite(sink({idx(5)}), pm, {.stats = &stats});
  QCOMPARE(show(out), std::string("Sink(0)"));
  QCOMPARE(stats.rewrites, size_t(5));
  QCOMPARE(show(graphRewrite(sink({idx(5)}), pm, {.topDown = true})), std::string("Sink(0)"));
  // Counting 7 down passes through 5..0, already rewritten: memoized, 2 more rewrites.
  stats = {};
  QCOMPARE(show(graphRewrite(sink({idx(5), idx(7)}), pm, {.stats = &stats})),
           std::string("Sink(0, 0)"));
  QCOMPARE(stats.rewrites, size_t(7));
}

// Top-down: a parent whose sources changed is matched again.
void TestGraphRewrite::topDownRebuiltNodeGetsRulesAgain() {
  UOpPtr g = ((r0() * 1) + 1) + 2;
  QCOMPARE(show(graphRewrite(g, pmFoldAdds(), {.topDown = true})), std::string("Add(r0, 3)"));
  UOpPtr h = (((r0() * 1) + 1) * 1) + 2;
  QCOMPARE(show(graphRewrite(h, pmFoldAdds(), {.topDown = true})), std::string("Add(r0, 3)"));
}

void TestGraphRewrite::sharedSubgraphRewrittenOnce() {
  int fired = 0;
  PatternMatcher pm{rule("x*1", UPat::var("x") * 1, [](const Match& m) {
    ++m.ctx<int>();
    return m["x"];
  })};
  UOpPtr shared = r0() * 1;
  UOpPtr g = sink({shared + 1, shared * 2, shared});
  QCOMPARE(show(graphRewrite(g, pm, {.context = &fired})),
           std::string("Sink(Add(r0, 1), Mul(r0, 2), r0)"));
  QCOMPARE(fired, 1);
  fired = 0;
  QCOMPARE(show(graphRewrite(g, pm, {.context = &fired, .topDown = true})),
           std::string("Sink(Add(r0, 1), Mul(r0, 2), r0)"));
  QCOMPARE(fired, 1);
}

// n_{i+1} = n_i + n_i: 2^40 paths, 44 nodes; each that may change is visited once
// (r0, its bound and the 1 hold no Add or Mul: no rule can fire under them).
void TestGraphRewrite::diamondVisitsEachNodeOnce() {
  UOpPtr n = r0() * 1;
  for (int i = 0; i < 40; ++i)
    n = n + n;
  RewriteStats stats;
  UOpPtr out = graphRewrite(n, pmFoldAdds(), {.stats = &stats});
  QCOMPARE(stats.rewrites, size_t(1));
  QCOMPARE(stats.visits, toposort(*n).size() - 3);
  QCOMPARE(stats.rebuilds, size_t(40));
  QCOMPARE(toposort(*out).size(), size_t(42)); // the 40 adds, r0 and its bound
}

void TestGraphRewrite::deepChain_data() {
  QTest::addColumn<bool>("topDown");
  QTest::newRow("bottom-up") << false;
  QTest::newRow("top-down") << true;
}

// 200000 nested adds: no recursion over the graph anywhere.
void TestGraphRewrite::deepChain() {
  QFETCH(bool, topDown);
  const int depth = 200000;
  UOpPtr g = r0();
  for (int i = 0; i < depth; ++i)
    g = g + 1;
  QVERIFY(graphRewrite(g, PatternMatcher{}, {.topDown = topDown}) == g);
  UOpPtr out = graphRewrite(g, pmFoldAdds(), {.topDown = topDown});
  QCOMPARE(show(out), "Add(r0, " + std::to_string(depth) + ")");
}

void TestGraphRewrite::cycleIsAnError() {
  PatternMatcher pm{rule("swap", UPat::op(Op::Add, {UPat::var("a"), UPat::var("b")}).inOrder(),
                         [](const Match& m) {
                           return UOp::make(Op::Add, m["a"]->dtype(), {m["b"], m["a"]});
                         })};
  for (bool topDown : {false, true}) {
    try {
      graphRewrite(r0() + r1(), pm, {.name = "swapper", .topDown = topDown});
      QFAIL("expected a RewriteError");
    } catch (const RewriteError& e) {
      QCOMPARE(qs(e.rewriteName()), QStringLiteral("swapper"));
      QCOMPARE(qs(e.ruleName()), QStringLiteral("swap"));
      QString what = qs(e.what());
      QVERIFY2(what.contains(QStringLiteral("graphRewrite 'swapper'")), qPrintable(what));
      QVERIFY2(what.contains(QStringLiteral("rule 'swap' (test_graph_rewrite.cpp:")),
               qPrintable(what));
      QVERIFY2(what.contains(QStringLiteral("infinite loop")), qPrintable(what));
    }
  }
}

void TestGraphRewrite::stepLimitIsAnError() {
  PatternMatcher pm{
      rule("grow", UPat::cvar("c"), [](const Match& m) { return idx(value(m["c"]) + 1); })};
  try {
    graphRewrite(idx(0) + r0(), pm, {.name = "grower", .maxRewrites = 1000});
    QFAIL("expected a RewriteError");
  } catch (const RewriteError& e) {
    QString what = qs(e.what());
    QVERIFY2(what.contains(QStringLiteral("more than 1000 rewrites")), qPrintable(what));
    QVERIFY2(what.contains(QStringLiteral("rule 'grow'")), qPrintable(what));
    QCOMPARE(qs(e.ruleName()), QStringLiteral("grow"));
  }
}

void TestGraphRewrite::contextReachesRules() {
  UOpPtr replacement = idx(7);
  PatternMatcher pm{
      rule("from context", UPat::var("x") + 0, [](const Match& m) { return m.ctx<UOpPtr>(); })};
  QCOMPARE(show(graphRewrite(r0() + 0, pm, {.context = &replacement})), std::string("7"));
}

void TestGraphRewrite::optionsRecordCallerLocation() {
  const int line = __LINE__ + 1;
  RewriteOptions opts{.name = "here"};
  QCOMPARE(int(opts.location.line()), line);
  QVERIFY(std::string_view(opts.location.file_name()).ends_with("test_graph_rewrite.cpp"));
}

// A source holding none of the ops the rules match is its own result, never
// walked; a rule that matches any op walks everything.
void TestGraphRewrite::skipsWhatNoRuleMatches() {
  UOpPtr chain = r0();
  for (int i = 0; i < 50; ++i)
    chain = UOp::make(Op::Max, chain->dtype(), {chain, r1()});
  UOpPtr g = chain * 1;
  for (bool topDown : {false, true}) {
    RewriteStats stats;
    UOpPtr out = graphRewrite(g, pmFoldAdds(), {.topDown = topDown, .stats = &stats});
    QVERIFY(out == chain);
    QCOMPARE(stats.visits, size_t(1)); // the Mul: the 50 Maxes, r0 and r1 are not walked
    QCOMPARE(stats.rewrites, size_t(1));
  }
  size_t seen = 0;
  PatternMatcher any{rule("count", UPat::any(), [&seen](const Match&) -> UOpPtr {
    ++seen;
    return nullptr;
  })};
  RewriteStats stats;
  QVERIFY(graphRewrite(g, any, {.stats = &stats}) == g);
  QCOMPARE(stats.visits, toposort(*g).size());
  QCOMPARE(seen, toposort(*g).size());
}

void TestGraphRewrite::statsAddUp() {
  RewriteStats stats;
  UOpPtr g = (r0() + 1) + 2;
  graphRewrite(g, pmFoldAdds(), {.stats = &stats});
  size_t once = stats.visits;
  QCOMPARE(once, size_t(2)); // the two Adds

  QCOMPARE(stats.rewrites, size_t(1));
  graphRewrite(g, pmFoldAdds(), {.stats = &stats});
  QCOMPARE(stats.visits, 2 * once);
  QCOMPARE(stats.rewrites, size_t(2));
}

UOPSCOPE_TEST(TestGraphRewrite);
#include "test_graph_rewrite.moc"
