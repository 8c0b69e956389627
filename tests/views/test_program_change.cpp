// The Session is the one model of the program now: a new program, or a
// failed load, leaves nothing of the last one in any view. Each view is used
// on program A (matmul.py: a run, a diff, BEAM, a rejected OptOp, a kernel's
// code and steps, a node inspected), then program B is opened and every view
// is checked for anything of A, at once and once B is lowered.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/code/code_editor.h"
#include "views/code/code_panel.h"
#include "views/diff/diff_panel.h"
#include "views/graph/graph_view.h"
#include "views/inspector/node_inspector.h"
#include "views/kernels/kernels_panel.h"
#include "views/optimize/optimize_panel.h"
#include "views/rewrites/rewrites_panel.h"
#include "views/run/run_panel.h"
#include "views/stages/stages_panel.h"
#include "views/stepper/kernel_stepper_panel.h"
#include "views/stepper/stepper_model.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTreeView>
#include <QTest>

using namespace uops::views;

namespace {

QString rows(const QAbstractItemModel* m) {
  if (m->rowCount() == 0) return {};
  QString first;
  for (int c = 0; c < m->columnCount(); ++c) first += m->index(0, c).data().toString() + QLatin1Char('|');
  return QStringLiteral("%1 rows: %2").arg(m->rowCount()).arg(first);
}

// What each view shows of the program, in its own words (empty: nothing).
QMap<QString, QString> shown(MainWindow& w) {
  QMap<QString, QString> v;
  v[QStringLiteral("run times")] = rows(w.runPanel()->times()->model());
  v[QStringLiteral("run verdict")] = w.runPanel()->verdict()->text();
  v[QStringLiteral("kernels table")] = rows(w.kernels()->model());
  QStringList kernels;
  for (int i = 0; i < w.diff()->kernel()->count(); ++i) kernels << w.diff()->kernel()->itemText(i);
  v[QStringLiteral("diff kernels")] = kernels.join(QLatin1Char(','));
  QTableWidgetItem* cell = w.diff()->summary()->item(0, 0);
  v[QStringLiteral("diff summary")] = cell ? cell->text() : QString();
  v[QStringLiteral("diff source")] = w.diff()->sourceA()->text();
  v[QStringLiteral("optimize reason")] = w.optimizer()->reason()->text();
  v[QStringLiteral("beam chart")] = w.optimizer()->chartPoints() ? QString::number(w.optimizer()->chartPoints()) : QString();
  v[QStringLiteral("code source")] = w.code()->source()->text().trimmed();
  v[QStringLiteral("code isa")] = w.code()->isa()->text().trimmed();
  v[QStringLiteral("step view")] = rows(w.stepper()->model());
  v[QStringLiteral("inspector")] = w.inspector()->field(QStringLiteral("op")) + w.inspector()->field(QStringLiteral("id"));
  v[QStringLiteral("graph")] = w.graph()->nodeCount() ? QString::number(w.graph()->nodeCount()) : QString();
  return v;
}

// The views that still show what they showed of program A.
QStringList leftovers(const QMap<QString, QString>& a, MainWindow& w) {
  QStringList out;
  const QMap<QString, QString> now = shown(w);
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!it.value().isEmpty() && now.value(it.key()) == it.value()) out << it.key();
  return out;
}

} // namespace

class TestProgramChange : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

  // matmul.py on the CPU with every view used: what each view shows of it.
  QMap<QString, QString> useEveryView(MainWindow& w) {
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return {};
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    viewstest::beamCancelledAfterTwo(w); // its chart stays empty when BEAM's cache knows the kernel
    w.optimizer()->op()->setCurrentText(QStringLiteral("Split"));
    w.optimizer()->axis()->setValue(9);
    w.optimizer()->target()->setCurrentText(QStringLiteral("UNROLL"));
    QTest::mouseClick(w.optimizer()->applyButton(), Qt::LeftButton);
    w.session().selectStage(w.session().findStage(QStringLiteral("Render"), 0));
    w.session().waitForIdle();
    w.showView(QStringLiteral("step"));
    w.stepper()->step();
    w.diff()->optsB()->setText(QStringLiteral("UPCAST 0 4"));
    QTest::mouseClick(w.diff()->compareButton(), Qt::LeftButton);
    w.diff()->waitForResult();
    w.graph()->select(0);
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    return shown(w);
  }

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void aFailedLoadLeavesNothingOfTheLastProgram() {
    MainWindow w;
    const QMap<QString, QString> a = useEveryView(w);
    QStringList used;
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!it.value().isEmpty()) used << it.key();
    used.removeAll(QStringLiteral("beam chart"));
    QVERIFY2(used.size() == 12, qPrintable(used.join(QStringLiteral(", "))));
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\n"
                                         "x = Tensor.ones(4, 128).dot(Tensor.ones(64, 10))\n"),
                          QStringLiteral("broken.py"));
    w.session().waitForIdle();
    QVERIFY(!w.session().lowered().error.isEmpty());
    QVERIFY2(leftovers(a, w).isEmpty(), qPrintable(leftovers(a, w).join(QStringLiteral(", "))));
  }

  void anotherProgramShowsNothingOfTheLastOneWhileItLoads() {
    MainWindow w;
    const QMap<QString, QString> a = useEveryView(w);
    w.openFile(viewstest::examplePath("softmax.py"));
    // at once, before the new program is lowered
    QVERIFY2(leftovers(a, w).isEmpty(), qPrintable(leftovers(a, w).join(QStringLiteral(", "))));
    w.session().waitForIdle();
    QVERIFY2(w.session().run(), qPrintable(w.session().lowered().name + QStringLiteral(": ") + w.session().lowered().error));
    QVERIFY2(leftovers(a, w).isEmpty(), qPrintable(leftovers(a, w).join(QStringLiteral(", "))));
    QCOMPARE(w.runPanel()->times()->model()->rowCount(), 0);
    QVERIFY(w.runPanel()->verdict()->text().isEmpty());
    QVERIFY(w.optimizer()->reason()->text().isEmpty());
    QCOMPARE(w.optimizer()->chartPoints(), 0);
  }

  // Undo and Heuristic take back the OptOps: the rejection of one is no
  // longer what the panel says.
  void undoAndHeuristicClearARejection() {
    MainWindow w;
    useEveryView(w);
    QVERIFY2(w.optimizer()->reason()->text().contains(QStringLiteral("UNROLL")), qPrintable(w.optimizer()->reason()->text()));
    QTest::mouseClick(w.optimizer()->heuristicButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY2(!w.optimizer()->reason()->text().contains(QStringLiteral("UNROLL")),
             qPrintable(w.optimizer()->reason()->text()));
  }
};

UOPSCOPE_TEST(TestProgramChange);
#include "test_program_change.moc"
