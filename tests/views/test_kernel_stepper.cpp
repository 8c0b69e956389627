// The Step view: a kernel's linearized instructions run one at a time, the
// next one bold and selected and its source line marked in the Code view, a
// breakpoint stopping Continue before its instruction, Restart keeping the
// breakpoints, and a whole-program stage saying what to choose. An
// instruction carries the number its node has in the Graph view.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/engine/linear_stepper.h"
#include "views/stepper/stepper_model.h"

#include <QLabel>
#include <QSpinBox>
#include <QTableView>
#include <QTest>

#include <algorithm>

using namespace uops;
using namespace uops::views;

class TestKernelStepper : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  // Behind the Code tab the Step view makes no stepper when the stage
  // changes (stepping stages stays quick); shown, it steps the kernel chosen.
  void aHiddenStepViewWaitsUntilShown() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QVERIFY(w.showView(QStringLiteral("code")));
    KernelStepperPanel* panel = w.stepper();
    QVERIFY(panel->visibleRegion().isEmpty());
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 1));
    w.session().waitForIdle();
    QCOMPARE(panel->model()->rowCount(), 0);
    QVERIFY(w.showView(QStringLiteral("step")));
    QTRY_VERIFY(!panel->visibleRegion().isEmpty());
    const LoweredKernel* k = w.session().selectedKernel();
    QVERIFY(k && k->linear);
    QCOMPARE(panel->model()->rowCount(), static_cast<int>(k->linear->src().size()));
  }

  void stepsAKernel() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QVERIFY(w.showView(QStringLiteral("step")));
    KernelStepperPanel* panel = w.stepper();
    QCOMPARE(panel->model()->rowCount(), 0);
    QVERIFY(panel->status()->text().startsWith(QStringLiteral("choose a kernel")));
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 1));
    w.session().waitForIdle();
    const LoweredKernel* k = w.session().selectedKernel();
    QVERIFY(k && k->linear);
    QCOMPARE(panel->model()->rowCount(), static_cast<int>(k->linear->src().size()));
    panel->step();
    QCOMPARE(panel->stepper()->next(), size_t{1});
    QCOMPARE(panel->table()->currentIndex().row(), 1);
    QVERIFY2(panel->status()->text().contains(QStringLiteral(" (instruction 2 of ")),
             qPrintable(panel->status()->text()));
    // a breakpoint on the first float Add: Continue stops before it, its node selected, its line marked
    int add = -1;
    for (int i = 0; i < panel->model()->rowCount() && add < 0; ++i)
      if (k->linear->src(static_cast<size_t>(i))->op() == Op::Add && k->linear->src(static_cast<size_t>(i))->dtype() == dtypes::float32)
        add = i;
    QVERIFY(add > 1);
    QVERIFY(w.showView(QStringLiteral("step")));
    panel->table()->scrollTo(panel->model()->index(add, 0));
    QTest::qWait(20);
    const QPoint at = panel->table()->visualRect(panel->model()->index(add, StepperModel::Number)).center();
    QTest::mouseClick(panel->table()->viewport(), Qt::LeftButton, {}, at); // a double click is a click, then another
    QTest::mouseDClick(panel->table()->viewport(), Qt::LeftButton, {}, at);
    QVERIFY(panel->model()->breakpoints().contains(static_cast<size_t>(add)));
    QCOMPARE(panel->model()->index(add, StepperModel::Breakpoint).data().toString(), QStringLiteral("●"));
    panel->continueToBreakpoint();
    QCOMPARE(panel->stepper()->next(), static_cast<size_t>(add));
    QCOMPARE(w.session().selectedNode(), k->linear->src(static_cast<size_t>(add)).get());
    QVERIFY(!w.code()->markedLines().empty());
    // an instruction already run shows its value
    QVERIFY(!panel->model()->index(add - 1, StepperModel::Value).data().toString().isEmpty() ||
            !panel->model()->index(0, StepperModel::Value).data().toString().isEmpty());
    // Restart: from the first instruction, breakpoints kept; then to the end
    panel->restart();
    QCOMPARE(panel->stepper()->next(), size_t{0});
    QVERIFY(panel->model()->breakpoints().contains(static_cast<size_t>(add)));
    panel->model()->toggleBreakpoint(add);
    panel->continueToBreakpoint();
    QVERIFY(panel->stepper()->done());
    QVERIFY(panel->status()->text().startsWith(QStringLiteral("done after")));
  }

  // softmax's kernel 1 at Linearize: the instruction the Step view runs next
  // and the node the graph selects for it carry one number, in the status,
  // the table, the graph's label and the Inspector ("next: %7 Const")
  void numbersInstructionsAsTheGraphDoes() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QVERIFY(w.showView(QStringLiteral("step")));
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 1));
    w.session().waitForIdle();
    KernelStepperPanel* panel = w.stepper();
    QVERIFY(panel->stepper());
    // a node numbered apart from its row: the case two numberings differ in
    bool renumbered = false;
    for (int steps = 0; steps < 8 && !panel->stepper()->done(); ++steps) {
      panel->step();
      const size_t next = panel->stepper()->next();
      const int index = w.graph()->indexOf(panel->stepper()->instructions()[next].get());
      QVERIFY(index >= 0);
      QCOMPARE(w.graph()->selected(), index);
      const LaidOutNode& node = w.graph()->layout().nodes[static_cast<size_t>(index)];
      const QString number = QStringLiteral("%%1").arg(node.number);
      renumbered |= node.number != next;
      QVERIFY2(node.label.startsWith(number + QLatin1Char(' ')), qPrintable(node.label));
      QCOMPARE(w.inspector()->field(QStringLiteral("id")), number);
      QCOMPARE(
          panel->model()->index(static_cast<int>(next), StepperModel::Number).data().toString(),
          number);
      QVERIFY2(
          panel->status()->text().startsWith(QStringLiteral("next: ") + number + QLatin1Char(' ')),
          qPrintable(panel->status()->text()));
    }
    QVERIFY(renumbered);
  }

  // A GPU kernel: a value column per work-item, headed by its indices; the
  // lanes box runs more of them, all of them leave the kernel's results
  void lanesOfAGpuKernel() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QVERIFY(w.session().setDevice(QStringLiteral("CL:0")));
    w.session().waitForIdle();
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 0));
    w.session().waitForIdle();
    KernelStepperPanel* panel = w.stepper();
    QVERIFY(panel->stepper());
    const int64_t items = panel->stepper()->workItems();
    QVERIFY2(items > 1, "a GPU kernel has work-items");
    QVERIFY(panel->lanes()->isEnabled());
    panel->lanes()->setValue(2);
    QCOMPARE(panel->stepper()->lanes(), int64_t{2});
    QCOMPARE(panel->model()->columnCount(), StepperModel::Value + 2);
    const QString header = panel->model()->headerData(StepperModel::Value + 1, Qt::Horizontal).toString();
    QVERIFY2(header.contains(QStringLiteral("=1")), qPrintable(header));
    // the lanes read different work-item indices
    size_t special = 0;
    const auto& code = panel->stepper()->instructions();
    while (special < code.size() && code[special]->op() != Op::Special) ++special;
    QVERIFY(special < code.size());
    while (panel->stepper()->next() <= special) panel->step();
    QCOMPARE(panel->model()->index(static_cast<int>(special), StepperModel::Value).data().toString(), QStringLiteral("0"));
    QCOMPARE(panel->model()->index(static_cast<int>(special), StepperModel::Value + 1).data().toString(), QStringLiteral("1"));
    panel->continueToBreakpoint();
    QVERIFY2(panel->status()->text().contains(QStringLiteral("work-items 0 to 1 of")), qPrintable(panel->status()->text()));
    // every work-item: the whole result
    panel->lanes()->setValue(static_cast<int>(std::min<int64_t>(items, 64)));
    panel->continueToBreakpoint();
    if (items <= 64)
      QVERIFY2(panel->status()->text().contains(QStringLiteral("all %1 work-items ran").arg(items)),
               qPrintable(panel->status()->text()));
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestKernelStepper);
#include "test_kernel_stepper.moc"
