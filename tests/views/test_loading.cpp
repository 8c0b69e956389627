// A program shown while it loads: each realization point's schedule appears
// as the load reaches it (the Schedule combo lists it, the Graph view shows
// the first one's graph, only the nodes nearest its outputs where it is too
// big to read whole), a schedule chosen meanwhile is lowered when the
// load ends without loading again, and a program too big to read whole
// opens on a kernel that reads.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "core/ir/uop.h"
#include "views/graph/graph_view.h"

#include <QComboBox>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace uops::views;

namespace {

// `steps` training steps of a small MLP, each reading its loss.
QString trainingProgram(int steps) {
  return QStringLiteral("from tinygrad import Tensor, nn, Context\n"
                        "Tensor.manual_seed(1)\n"
                        "fc1, fc2 = nn.Linear(16, 32), nn.Linear(32, 4)\n"
                        "opt = nn.optim.Adam([fc1.weight, fc1.bias, fc2.weight, fc2.bias], lr=0.01)\n"
                        "x, y = Tensor.rand(8, 16), Tensor([0, 1, 2, 3, 0, 1, 2, 3])\n"
                        "with Context(TRAINING=1):\n"
                        "  for step in range(%1):\n"
                        "    opt.zero_grad()\n"
                        "    loss = fc2(fc1(x).relu()).sparse_categorical_crossentropy(y).backward()\n"
                        "    opt.step()\n"
                        "    print(step, loss.item())\n")
      .arg(steps);
}

// `steps` realizations of a four-element vector, each reading its sum: a step's graph is a few
// nodes.
QString smallLoopProgram(int steps) {
  return QStringLiteral("from tinygrad import Tensor\n"
                        "x = Tensor.ones(4).contiguous()\n"
                        "for i in range(%1):\n"
                        "  x = (x + 1).realize()\n"
                        "  print(i, x.sum().item())\n")
      .arg(steps);
}

// Opens `program` (`name`) in `w` and waits, a minute at most, until the Graph view shows its first
// realization point: whether the load is still running then.
bool stillLoadingAfterItShows(MainWindow& w, const QString& program, const QString& name) {
  QSignalSpy reached(&w.session(), &Session::scheduleReached);
  w.session().setSource(program, name);
  return QTest::qWaitFor(
             [&] {
               return reached.count() >= 1 && !w.session().layouts().pending() &&
                      w.graph()->nodeCount() > 0;
             },
             60000) &&
         w.session().lowering();
}

} // namespace

class TestLoading : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void schedulesAppearAsTheLoadReachesThem() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy reached(&w.session(), &Session::scheduleReached);
    w.session().setSource(trainingProgram(400), QStringLiteral("train.py"));
    QVERIFY(w.session().showsReached());
    // a few steps in, the load still running
    QTRY_VERIFY_WITH_TIMEOUT(reached.count() >= 4 && !w.session().layouts().pending() && w.graph()->nodeCount() > 0,
                             60000);
    QVERIFY2(w.session().lowering(), "the load ended before the test could look at it: give it more steps");
    auto* combo = w.findChild<QComboBox*>(QStringLiteral("scheduleCombo"));
    QVERIFY(combo->isEnabled());
    QVERIFY(combo->count() >= 1 + 4);
    QCOMPARE(combo->itemText(0), QStringLiteral("Whole program"));
    QCOMPARE(combo->itemText(2), QStringLiteral("step 1 of 400: item() at line 11 (realization point 2)"));
    QVERIFY2(w.graph()->caption().startsWith(
                 QStringLiteral("while the program loads: step 1 of 400: realize() at line 10 "
                                "(realization point 1)\n")),
             qPrintable(w.graph()->caption()));
    QVERIFY(!w.session().run()); // nothing lowered yet: the graph is the reached schedule's
    // choosing a reached schedule shows it and lowers it when the load ends, without loading again
    w.session().setSchedule(2);
    QVERIFY(w.session().lowering());
    // 400 steps: longer than waitForIdle waits (about six minutes in the
    // sanitizer build, seconds in a release one; the wait ends when it does)
    QTRY_VERIFY_WITH_TIMEOUT(!w.session().busy(), 900000);
    w.session().waitForIdle();
    QVERIFY2(w.session().run(), qPrintable(w.session().lowered().error));
    QCOMPARE(w.session().lowered().schedule, 2);
    QCOMPARE(combo->currentData().toInt(), 2);
    QCOMPARE(combo->count(), 1 + 800 + 1); // step() and item() in each step, then the outputs
    for (int i = 0; i < reached.count(); ++i) QCOMPARE(reached.at(i).at(0).toInt(), i + 1); // one load
    QVERIFY(w.session().reachedSchedules().isEmpty());
  }

  // A step's graph too big to read whole shows, while the program loads, only the nodes nearest
  // its outputs (as many hops as stay readable), and the caption says which of how many.
  void aBigStepShowsTheNodesNearItsOutputs() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY2(stillLoadingAfterItShows(w, trainingProgram(400), QStringLiteral("train.py")),
             "the load ended before the test could look at it: give it more steps");
    const QRegularExpression view(
        QStringLiteral("^the (\\d+) nodes within (\\d) edges of its outputs, of (\\d+)$"));
    const QRegularExpressionMatch m = view.match(w.session().reachedView());
    QVERIFY2(m.hasMatch(), qPrintable(w.session().reachedView()));
    const int near = m.captured(1).toInt(), whole = m.captured(3).toInt();
    QVERIFY2(whole > static_cast<int>(Session::kReadableGraphNodes),
             qPrintable(w.session().reachedView()));
    QVERIFY(near <= static_cast<int>(Session::kReadableGraphNodes));
    QVERIFY(m.captured(2).toInt() >= 2);
    QVERIFY(w.graph()->nodeCount() <= near); // the filter may hide some of them
    QCOMPARE(w.graph()->caption(),
             QStringLiteral("while the program loads: step 1 of 400: realize() at line 10 "
                            "(realization point 1)\n") +
                 w.session().reachedView());
    w.session().cancelWork();
    w.session().waitForIdle();
    // a small step's graph shows whole, the caption its label alone
    QVERIFY2(stillLoadingAfterItShows(w, smallLoopProgram(20000), QStringLiteral("loop.py")),
             "the load ended before the test could look at it: give it more steps");
    QVERIFY(w.session().reachedView().isEmpty());
    QVERIFY2(w.graph()->caption().startsWith(
                 QStringLiteral("while the program loads: step 1 of 20000: ")),
             qPrintable(w.graph()->caption()));
    QVERIFY2(!w.graph()->caption().contains(QLatin1Char('\n')), qPrintable(w.graph()->caption()));
    w.session().cancelWork();
  }

  // An edit of the program shown keeps its stage until the new lowering
  // replaces it: nothing of the load in flight is shown over it.
  void anEditKeepsTheStageShown() {
    MainWindow w;
    w.session().setSource(trainingProgram(3), QStringLiteral("train.py"));
    w.session().waitForIdle();
    const int stage = w.session().selectedStage();
    QVERIFY(stage >= 0);
    w.session().editSource(trainingProgram(4));
    QVERIFY(!w.session().showsReached());
    QCOMPARE(w.session().selectedStage(), stage);
    w.session().waitForIdle();
    QCOMPARE(w.session().lowered().schedules.size(), 4 * 2 + 1);
  }

  // convnet_train's whole graph is thousands of nodes: it opens on the first
  // kernel small enough to read, and says so; a small program opens whole.
  void aBigProgramOpensOnAKernelThatReads() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(viewstest::examplePath("convnet_train.py"));
    w.session().waitForIdle();
    const uops::StageRecord& r = w.session().stageRecord(w.session().selectedStage());
    QVERIFY(!r.kernel.empty());
    QVERIFY(w.graph()->nodeCount() > 0);
    QVERIFY(w.graph()->nodeCount() <= static_cast<int>(Session::kReadableKernelNodes));
    QVERIFY2(w.graph()->caption().contains(QStringLiteral("the whole program is")), qPrintable(w.graph()->caption()));
    w.session().selectStage(0);
    w.session().waitForIdle();
    QVERIFY(w.graph()->caption().isEmpty());
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), 0);
    QVERIFY(w.graph()->caption().isEmpty());
  }
};

UOPSCOPE_TEST(TestLoading);
#include "test_loading.moc"
