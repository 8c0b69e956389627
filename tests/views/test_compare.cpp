// Rewrites side by side: with compare on, the graph before the chosen rewrite
// shows beside the graph after it, the matched node outlined on the left and
// the replacement on the right; Alt+Down / Alt+Up step through rewrites and
// Alt+Right / Alt+Left through stages. Compare and the rewrite's
// neighbourhood turned on from the Graph menu give the view the command line
// gives.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "views/graph/visible_graph.h"

#include <QAction>
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>

using namespace uops::views;

namespace {

// Rewrite `n` of the selected stage, stepped to from the one before it as a
// user steps (and as uopscope --rewrite does); false when there is none.
bool stepToRewrite(MainWindow& w, int n) {
  if (n > 0 && w.rewrites()->choose(n - 1)) w.session().waitForIdle();
  const bool shown = w.rewrites()->choose(n);
  w.session().waitForIdle();
  return shown;
}

// A pane's node labels ("%12 Add ..."), sorted: the graph it draws, in numbers.
QStringList labels(const GraphView* view) {
  QStringList out;
  for (const LaidOutNode& n : view->layout().nodes)
    out << n.label;
  out.sort();
  return out;
}

} // namespace

class TestCompare : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void showsBeforeAndAfter() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify", {1400, 900}));
    QVERIFY(!w.beforeGraph()->isVisible());
    QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(w.beforeGraph()->isVisible());
    QVERIFY(w.session().layouts().compareRewrites());
    QSignalSpy shown(&w.session(), &Session::rewriteShown);
    QTest::keyClick(&w, Qt::Key_Down, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(shown.count(), 1);
    QTest::keyClick(&w, Qt::Key_Down, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(shown.count(), 2);
    int step = shown.last().at(0).toInt(), k = shown.last().at(1).toInt();
    const uops::TraceStep& s = w.session().stageRecord(w.session().selectedStage()).steps[static_cast<size_t>(step)];
    uops::UOpPtr before = s.rootAfter(static_cast<size_t>(k)), after = s.rootAfter(static_cast<size_t>(k) + 1);
    QCOMPARE(w.beforeGraph()->nodeCount(), static_cast<int>(uops::toposort(*before).size()));
    QCOMPARE(w.graph()->nodeCount(), static_cast<int>(uops::toposort(*after).size()));
    QVERIFY(w.beforeGraph()->selected() >= 0);
    QCOMPARE(w.beforeGraph()->selected(), w.beforeGraph()->indexOf(s.rewrites[static_cast<size_t>(k)].matched.get()));
    QCOMPARE(w.graph()->selected(), w.graph()->indexOf(s.rewrites[static_cast<size_t>(k)].replacement.get()));
    // Alt+Up goes back one rewrite
    QTest::keyClick(&w, Qt::Key_Up, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(shown.count(), 3);
    QVERIFY(shown.last() != shown.at(1));
    QCOMPARE(shown.last(), shown.at(0));
    // compare off: the before view goes away
    QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(!w.beforeGraph()->isVisible());
  }

  // uopscope attention.py --stage Rangeify --rewrite 5 with Compare and
  // Rewrite neighbourhood only turned on from the menu, in either order: the
  // panes share the width, the before pane shows the neighbourhood of the
  // matched node in the graph before that rewrite, as with --compare
  // --neighbourhood on the command line
  void menuGivesTheCommandLinesView() {
    constexpr int kRewrite = 5;
    MainWindow line; // as uopscope's main() sets it up: the options before the program opens
    line.resize(1600, 1000);
    line.show();
    QVERIFY(QTest::qWaitForWindowExposed(&line));
    line.setCompare(true);
    line.findChild<QAction*>(QStringLiteral("rewriteNeighbourhood"))->trigger();
    QVERIFY(viewstest::showAt(line, "attention.py", "Rangeify"));
    QVERIFY(stepToRewrite(line, kRewrite));

    MainWindow menu;
    QVERIFY(viewstest::showAt(menu, "attention.py", "Rangeify", {1600, 1000}));
    QSignalSpy shown(&menu.session(), &Session::rewriteShown);
    QVERIFY(stepToRewrite(menu, kRewrite));
    const int step = shown.last().at(0).toInt(), k = shown.last().at(1).toInt();
    const uops::TraceStep& s =
        menu.session().stageRecord(menu.session().selectedStage()).steps[static_cast<size_t>(step)];
    const uops::UOpPtr before = s.rootAfter(static_cast<size_t>(k));
    GraphFilter near = menu.session().layouts().layoutOptions().filter;
    near.focus = s.rewrites[static_cast<size_t>(k)].matched.get();
    const size_t nearCount = visibleGraph(*before, near).nodes.size();
    QVERIFY(nearCount < uops::toposort(*before).size());
    QAction* compare = menu.findChild<QAction*>(QStringLiteral("compareRewrites"));
    QAction* neighbourhood = menu.findChild<QAction*>(QStringLiteral("rewriteNeighbourhood"));
    QVERIFY(compare && neighbourhood);
    for (bool compareFirst : {false, true}) {
      for (QAction* a : compareFirst ? QList<QAction*>{compare, neighbourhood}
                                     : QList<QAction*>{neighbourhood, compare})
        a->trigger();
      menu.session().waitForIdle();
      const int width = qobject_cast<QSplitter*>(menu.beforeGraph()->parentWidget())->width();
      QVERIFY2(menu.beforeGraph()->width() >= width / 3 && menu.graph()->width() >= width / 3,
               qPrintable(QStringLiteral("%1 and %2 of %3")
                              .arg(menu.beforeGraph()->width())
                              .arg(menu.graph()->width())
                              .arg(width)));
      QCOMPARE(static_cast<size_t>(menu.beforeGraph()->nodeCount()), nearCount);
      QVERIFY(menu.beforeGraph()->layout().root == before);
      QCOMPARE(labels(menu.beforeGraph()), labels(line.beforeGraph()));
      QCOMPARE(labels(menu.graph()), labels(line.graph()));
      QCOMPARE(menu.beforeGraph()->caption(), line.beforeGraph()->caption());
      QCOMPARE(menu.graph()->caption(), line.graph()->caption());
      QCOMPARE(menu.beforeGraph()->selected(), menu.beforeGraph()->indexOf(near.focus));
      compare->trigger(); // both off again
      neighbourhood->trigger();
      menu.session().waitForIdle();
      QVERIFY(!menu.beforeGraph()->isVisible());
    }
  }

  void stepsStagesWithAltArrows() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/matmul.py"));
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), 0);
    QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), 1);
    QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), 2);
    QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), 1);
  }
};

UOPSCOPE_TEST(TestCompare);
#include "test_compare.moc"
