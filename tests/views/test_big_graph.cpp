// Big graphs: a generated program whose graph has about 5,000 nodes opens,
// lays out (the layered layout, with progress) and steps stage to stage;
// filters hide op groups with their edges routed through, and one box per
// Call folds kernel bodies away. Times go to the test log.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include <QAction>
#include <QElapsedTimer>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTest>

#include <vector>

#include <algorithm>
#include <map>
#include <unordered_set>

using namespace uops::views;

namespace {

int countOp(const GraphView* g, uops::Op op) {
  const auto& nodes = g->layout().nodes;
  return static_cast<int>(std::count_if(nodes.begin(), nodes.end(), [op](const LaidOutNode& n) { return n.node->op() == op; }));
}

} // namespace

class TestBigGraph : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void opensAndSteps() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy progress(&w.session().layouts(), &GraphLayouts::layoutProgress);
    QElapsedTimer timer;
    timer.start();
    w.session().setSource(viewstest::chainProgram(700), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    w.session().selectStage(0); // it opens on a kernel that reads: the whole program is chosen in Stages
    w.session().waitForIdle();
    qint64 openMs = timer.elapsed();
    QVERIFY(w.session().run() && !w.session().run()->failed());
    int nodes = static_cast<int>(uops::toposort(*w.session().selectedGraph()).size());
    QVERIFY2(nodes >= 4000, qPrintable(QString::number(nodes)));
    QCOMPARE(w.graph()->nodeCount(), nodes);
    QCOMPARE(w.graph()->layout().engine, QStringLiteral("layered"));
    QVERIFY(progress.count() >= 3);
    QCOMPARE(progress.last().at(0).toInt(), 100);
    QVERIFY(!w.layoutProgress()->isVisible());
    qInfo("%d nodes: lowered, laid out and drawn in %lld ms (layout %.1f ms)", nodes, openMs,
          w.graph()->layout().layoutMs);
    // every edge goes down: sources above their users; boxes in a layer do not overlap
    const GraphLayout& layout = w.graph()->layout();
    for (const LaidOutEdge& e : layout.edges) QVERIFY(layout.nodes[e.from].box.bottom() < layout.nodes[e.to].box.top());
    std::map<double, std::vector<QRectF>> layers;
    for (const LaidOutNode& n : layout.nodes) layers[n.box.top()].push_back(n.box);
    for (auto& [top, boxes] : layers) {
      std::sort(boxes.begin(), boxes.end(), [](const QRectF& a, const QRectF& b) { return a.left() < b.left(); });
      for (size_t i = 1; i < boxes.size(); ++i) QVERIFY(boxes[i - 1].right() < boxes[i].left());
    }
    // Alt+Right steps to the next stage of the first kernel; the graph shows
    // before the kernel's machine code is compiled
    qint64 shownMs = 0;
    connect(&w.session().layouts(), &GraphLayouts::layoutReady, &w, [&] { shownMs = timer.elapsed(); });
    std::vector<int> stages{w.session().findStage(QStringLiteral("Rangeify"), -1),
                            w.session().findStage(QStringLiteral("Optimize"), 0),
                            w.session().findStage(QStringLiteral("Expand"), 0)};
    for (int stage : stages) {
      QVERIFY(stage > 0);
      timer.restart();
      QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
      w.session().waitForIdle();
      QCOMPARE(w.session().selectedStage(), stage);
      QCOMPARE(w.graph()->nodeCount(), static_cast<int>(uops::toposort(*w.session().selectedGraph()).size()));
      qInfo("step to %s: %d nodes shown in %lld ms (layout %.1f ms, %s), all work done in %lld ms",
            w.session().stageRecord(stage).stage.c_str(), w.graph()->nodeCount(), shownMs,
            w.graph()->layout().layoutMs, qPrintable(w.graph()->layout().engine), timer.elapsed());
    }
    QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), std::min(4, w.session().stageCount()) - 2);
  }

  void filtersRouteEdgesThrough() {
    MainWindow w;
    w.session().setSource(viewstest::chainProgram(20), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    GraphView* g = w.graph();
    int all = g->nodeCount();
    QVERIFY(countOp(g, uops::Op::Const) > 20);
    w.findChild<QAction*>(QStringLiteral("hideConstants"))->trigger();
    w.session().waitForIdle();
    QCOMPARE(countOp(g, uops::Op::Const), 0);
    QVERIFY(g->nodeCount() < all);
    QCOMPARE(static_cast<int>(g->layout().hidden), all - g->nodeCount());
    // each visible Mul still has an edge from the visible node that feeds it
    std::unordered_set<size_t> fed;
    for (const LaidOutEdge& e : g->layout().edges) fed.insert(e.to);
    for (size_t i = 0; i < g->layout().nodes.size(); ++i)
      if (g->layout().nodes[i].node->op() == uops::Op::Mul) QVERIFY(fed.count(i));
    // index arithmetic in a kernel's stage
    w.findChild<QAction*>(QStringLiteral("hideConstants"))->trigger();
    QVERIFY(!w.session().layouts().layoutOptions().filter.constants);
    w.session().selectStage(w.session().findStage(QStringLiteral("Expand"), 1));
    w.session().waitForIdle();
    auto indexMath = [g] {
      const auto& nodes = g->layout().nodes;
      return std::count_if(nodes.begin(), nodes.end(), [](const LaidOutNode& n) {
        return uops::opGroup(n.node->op()) == uops::OpGroup::Elementwise && n.node->dtype().scalar == uops::ScalarType::Index;
      });
    };
    QVERIFY(indexMath() > 0);
    w.findChild<QAction*>(QStringLiteral("hideIndexMath"))->trigger();
    w.session().waitForIdle();
    QCOMPARE(indexMath(), 0);
  }

  void collapsesCalls() {
    MainWindow w;
    w.session().setSource(viewstest::chainProgram(20), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    // Rangeify makes the kernels: Call(Sink(body), buffers...)
    int rangeify = w.session().findStage(QStringLiteral("Rangeify"), -1);
    QVERIFY(rangeify >= 0);
    w.session().selectStage(rangeify);
    w.session().waitForIdle();
    GraphView* g = w.graph();
    int all = g->nodeCount();
    int calls = countOp(g, uops::Op::Call);
    QVERIFY(calls >= 1);
    w.findChild<QAction*>(QStringLiteral("collapseCalls"))->trigger();
    w.session().waitForIdle();
    QVERIFY2(g->nodeCount() < all / 2, qPrintable(QStringLiteral("%1 of %2").arg(g->nodeCount()).arg(all)));
    QCOMPARE(countOp(g, uops::Op::Call), calls);
    // each Call keeps its edges from the buffers it binds
    for (size_t i = 0; i < g->layout().nodes.size(); ++i) {
      if (g->layout().nodes[i].node->op() != uops::Op::Call) continue;
      size_t in = 0;
      for (const LaidOutEdge& e : g->layout().edges) in += e.to == i;
      QCOMPARE(in, g->layout().nodes[i].node->src().size() - 1);
    }
  }

  // The same graph through dot, for the record: why big graphs leave it.
  void comparesWithDot() {
    MainWindow w;
    w.session().setSource(viewstest::chainProgram(25), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    uops::UOpPtr root = w.session().selectedGraph();
    LayoutOptions viaDot, viaLayered;
    viaDot.dotLimit = 100000;
    viaLayered.dotLimit = 0;
    GraphLayout dot = layoutGraph(root, viaDot);
    GraphLayout layered = layoutGraph(root, viaLayered);
    QCOMPARE(dot.engine, QStringLiteral("dot"));
    QCOMPARE(layered.engine, QStringLiteral("layered"));
    QCOMPARE(dot.nodes.size(), layered.nodes.size());
    qInfo("%zu nodes: dot %.1f ms, layered %.1f ms", dot.nodes.size(), dot.layoutMs, layered.layoutMs);
  }
};

UOPSCOPE_TEST(TestBigGraph);
#include "test_big_graph.moc"
