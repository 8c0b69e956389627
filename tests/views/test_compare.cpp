// Rewrites side by side: with compare on, the graph before the chosen rewrite
// shows beside the graph after it, the matched node outlined on the left and
// the replacement on the right; Alt+Down / Alt+Up step through rewrites and
// Alt+Right / Alt+Left through stages.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include <QSignalSpy>
#include <QTest>

using namespace uops::views;

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
