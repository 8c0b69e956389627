// Stepping through rewrites with the layout kept: every node the last layout
// drew keeps its box, the rewrite's replacement takes the matched node's
// place, new nodes overlap nothing and are marked fresh; a step that changes
// too much is laid out anew. In the explorer: consecutive rewrites of a stage
// keep the boxes (and the zoom), compare mode shows the step before's very
// layout, and the Graph menu turns it off.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/build.h"
#include "views/graph/stable_layout.h"

#include <QAction>
#include <QTest>

#include <unordered_map>
#include <unordered_set>

using namespace uops;
using namespace uops::views;

namespace {

std::unordered_map<const UOp*, QRectF> boxesOf(const GraphLayout& layout) {
  std::unordered_map<const UOp*, QRectF> boxes;
  for (const LaidOutNode& n : layout.nodes) boxes.emplace(n.node, n.box);
  return boxes;
}

// "" when no two boxes of `layout` overlap, else the two nodes' numbers.
QString overlap(const GraphLayout& layout) {
  for (size_t i = 0; i < layout.nodes.size(); ++i)
    for (size_t j = i + 1; j < layout.nodes.size(); ++j)
      if (layout.nodes[i].box.intersects(layout.nodes[j].box))
        return QStringLiteral("%%1 and %%2").arg(layout.nodes[i].number).arg(layout.nodes[j].number);
  return {};
}

// Nodes of `after` whose boxes differ from `before`'s, for the ones both have.
int moved(const GraphLayout& before, const GraphLayout& after) {
  const auto boxes = boxesOf(before);
  int count = 0;
  for (const LaidOutNode& n : after.nodes)
    if (auto it = boxes.find(n.node); it != boxes.end() && it->second != n.box) ++count;
  return count;
}

} // namespace

class TestStableLayout : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  // r -> a -> b -> c -> d, then c rewritten to c' (and d to d', its user):
  // the other nodes keep their boxes, c' sits where c was, d' where d was, no
  // overlap, exactly c' and d' marked fresh
  void keepsBoxesAndPlacesTheNewNodes() {
    const auto [r, a, b, c, d] = viewstest::indexChain();
    const GraphLayout full = layoutGraph(d);
    QVERIFY(full.nodes.size() >= 9);
    UOpPtr c2 = alu(Op::Sub, {b, constIndex(5)});
    UOpPtr d2 = alu(Op::Mul, {c2, constIndex(7)});
    std::optional<GraphLayout> step = stableLayout(full, d2, {}, c.get(), c2.get());
    QVERIFY(step);
    QCOMPARE(step->engine, QStringLiteral("stable"));
    QCOMPARE(step->nodes.size(), full.nodes.size());
    QCOMPARE(moved(full, *step), 0);
    const auto was = boxesOf(full), now = boxesOf(*step);
    for (const UOp* kept : {r.get(), a.get(), b.get()}) QCOMPARE(now.at(kept), was.at(kept));
    QCOMPARE(now.at(c2.get()).center(), was.at(c.get()).center());
    QCOMPARE(now.at(d2.get()).center(), was.at(d.get()).center()); // the rebuilt user where d was
    QString o = overlap(*step);
    QVERIFY2(o.isEmpty(), qPrintable(o));
    QCOMPARE(step->edges.size(), full.edges.size());
    for (const LaidOutEdge& e : step->edges) {
      QCOMPARE(e.points.front().y(), step->nodes[e.from].box.bottom());
      QCOMPARE(e.points.back().y(), step->nodes[e.to].box.top());
    }
    markFresh(*step, *d);
    std::unordered_set<const UOp*> fresh;
    for (const LaidOutNode& n : step->nodes)
      if (n.fresh) fresh.insert(n.node);
    QCOMPARE(fresh, (std::unordered_set<const UOp*>{c2.get(), d2.get()}));
  }

  // mostly new (or nothing in common): no stable layout, a full one reads better
  void aBigChangeIsLaidOutAnew() {
    UOpPtr r = range(16, 0);
    UOpPtr a = alu(Op::Add, {r, constIndex(1)});
    const GraphLayout small = layoutGraph(a);
    UOpPtr other = alu(Op::Mul, {alu(Op::Add, {range(8, 1), constIndex(2)}), constIndex(9)});
    QVERIFY(!stableLayout(small, other, {}));
    UOpPtr grown = alu(Op::Mul, {alu(Op::Sub, {a, constIndex(4)}), constIndex(6)}); // 4 new of 7
    QVERIFY(!stableLayout(small, grown, {}));
  }

  // Consecutive rewrites of a stage: the second keeps every box the first
  // drew and the zoom; its fresh nodes are the ones the rewrite made; in
  // compare mode the before pane shows the first step's own boxes
  void steppingKeepsThePicture() {
    MainWindow w;
    w.resize(1200, 800);
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    w.session().selectStage(w.session().findStage(QStringLiteral("Instruction Selection"), 0));
    w.session().waitForIdle();
    QVERIFY(w.session().layouts().stableSteps());
    const StageRecord& r = w.session().stageRecord(w.session().selectedStage());
    int found = 0;
    for (size_t s = 0; s < r.steps.size() && found == 0; ++s)
      for (size_t k = 0; k + 1 < r.steps[s].rewrites.size() && found == 0; ++k) {
        w.session().showRewrite(static_cast<int>(s), static_cast<int>(k));
        w.session().waitForIdle();
        const GraphLayout first = w.graph()->layout();
        const QTransform zoom = w.graph()->transform();
        w.session().showRewrite(static_cast<int>(s), static_cast<int>(k) + 1);
        w.session().waitForIdle();
        const GraphLayout& second = w.graph()->layout();
        if (second.engine != QStringLiteral("stable")) continue;
        ++found;
        QCOMPARE(moved(first, second), 0);
        QCOMPARE(w.graph()->transform(), zoom);
        std::unordered_set<const UOp*> before;
        for (const UOp* u : toposort(*r.steps[s].rootAfter(k + 1))) before.insert(u);
        int fresh = 0;
        for (const LaidOutNode& n : second.nodes) {
          QCOMPARE(n.fresh, !before.contains(n.node));
          fresh += n.fresh;
        }
        QVERIFY(fresh >= 1);
        QVERIFY(w.graph()->indexOf(w.session().layouts().highlighted()) >= 0);
        // compare mode: the before pane is the step before's layout, box for box
        w.session().layouts().setCompareRewrites(true);
        w.session().showRewrite(static_cast<int>(s), static_cast<int>(k) + 1);
        w.session().waitForIdle();
        QCOMPARE(moved(second, w.beforeGraph()->layout()), 0);
        QCOMPARE(w.beforeGraph()->layout().nodes.size(), first.nodes.size());
      }
    QVERIFY2(found == 1, "no two consecutive rewrites of matmul's Instruction Selection were laid out as a stable step");
    // Graph > Keep positions while stepping, off: every step a full layout
    QAction* keep = w.findChild<QAction*>(QStringLiteral("stableSteps"));
    QVERIFY(keep && keep->isChecked());
    keep->trigger();
    QVERIFY(!w.session().layouts().stableSteps());
    w.session().layouts().setCompareRewrites(false);
    for (size_t s = 0; s < r.steps.size(); ++s)
      if (r.steps[s].rewrites.size() >= 2) {
        w.session().showRewrite(static_cast<int>(s), 0);
        w.session().waitForIdle();
        w.session().showRewrite(static_cast<int>(s), 1);
        w.session().waitForIdle();
        QVERIFY(w.graph()->layout().engine != QStringLiteral("stable"));
        break;
      }
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestStableLayout);
#include "test_stable_layout.moc"
