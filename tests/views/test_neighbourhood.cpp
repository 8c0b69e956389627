// A rewrite's neighbourhood: the graph filtered to the nodes within two edges
// of a focus node (sources or users), no edge through what is left out; the
// Session lays a shown rewrite out that way when asked, before and after, and
// the Graph view's caption names the rule, its source line and its pattern.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/build.h"
#include "views/graph/visible_graph.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace uops;
using namespace uops::views;

namespace {

bool drawn(const VisibleGraph& g, const UOp* u) {
  return std::find(g.nodes.begin(), g.nodes.end(), u) != g.nodes.end();
}

} // namespace

class TestNeighbourhood : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // a chain r -> a -> b -> c -> d: around b, one hop is a, b, c; two hops all
  void keepsTheNodesWithinHops() {
    const auto [r, a, b, c, d] = viewstest::indexChain();
    GraphFilter one;
    one.focus = b.get();
    one.hops = 1;
    VisibleGraph g = visibleGraph(*d, one);
    QVERIFY(drawn(g, a.get()) && drawn(g, b.get()) && drawn(g, c.get()));
    QVERIFY(!drawn(g, r.get()) && !drawn(g, d.get()));
    // no edge reaches what is not drawn, and none bypasses it
    for (auto [from, to] : g.edges) QVERIFY(from < g.nodes.size() && to < g.nodes.size());
    QCOMPARE(g.edges.size(), size_t{3}); // a -> b, 3 -> b, b -> c (the 5 is two hops away)
    GraphFilter two = one;
    two.hops = 2;
    VisibleGraph all = visibleGraph(*d, two);
    QVERIFY(drawn(all, r.get()) && drawn(all, d.get()));
    // a focus outside the graph: the whole graph
    GraphFilter elsewhere;
    UOpPtr other = range(8, 9);
    elsewhere.focus = other.get();
    QCOMPARE(visibleGraph(*d, elsewhere).nodes.size(), visibleGraph(*d, GraphFilter{}).nodes.size());
  }

  // Graph > Rewrite neighbourhood only: a rewrite of attention's Rangeify
  // shows a few nodes around its replacement, highlighted, and the rule
  void showsARewritesNeighbourhood() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "attention.py", "Rangeify"));
    const int whole = w.graph()->nodeCount();
    QAction* near = w.findChild<QAction*>(QStringLiteral("rewriteNeighbourhood"));
    QVERIFY(near);
    near->trigger();
    QVERIFY(w.session().layouts().rewriteNeighbourhood());
    const StageRecord& r = w.session().stageRecord(w.session().selectedStage());
    int step = -1;
    for (size_t s = 0; s < r.steps.size() && step < 0; ++s)
      if (!r.steps[s].rewrites.empty()) step = static_cast<int>(s);
    QVERIFY(step >= 0);
    w.session().showRewrite(step, 0);
    w.session().waitForIdle();
    QVERIFY2(w.graph()->nodeCount() < whole / 2, qPrintable(QStringLiteral("%1 of %2").arg(w.graph()->nodeCount()).arg(whole)));
    QVERIFY(w.graph()->indexOf(w.session().layouts().highlighted()) >= 0);
    const std::string rule = r.steps[static_cast<size_t>(step)].rewrites[0].rule.name();
    QVERIFY2(w.graph()->caption().startsWith(QString::fromStdString(rule) + QStringLiteral(" (")), qPrintable(w.graph()->caption()));
    // off again: the whole graph after the rewrite
    near->trigger();
    w.session().waitForIdle();
    QVERIFY(w.graph()->nodeCount() >= whole / 2);
  }
};

UOPSCOPE_TEST(TestNeighbourhood);
#include "test_neighbourhood.moc"
