// A bound symbolic variable in the explorer: the realization chosen in the
// schedule list runs with its value; selecting the variable node shows its
// name, range and that value in the inspector, a kernel's root shows the
// kernel's variables, and the kernel's source takes it as an argument.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/variable.h"

#include <QTest>

using namespace uops::views;

namespace {

void choose(MainWindow& w, int index) {
  w.scheduleCombo()->setCurrentIndex(index);
  Q_EMIT w.scheduleCombo()->activated(index);
  w.session().waitForIdle();
}

void selectStage(MainWindow& w, const char* stage, int kernel) {
  w.session().selectStage(w.session().findStage(QString::fromLatin1(stage), kernel));
  w.session().waitForIdle();
}

// Clicks node `index` of the Graph view.
void click(GraphView* g, int index) {
  const LaidOutNode& n = g->layout().nodes[static_cast<size_t>(index)];
  g->centerOn(n.box.center());
  QTest::mouseClick(g->viewport(), Qt::LeftButton, {}, g->mapFromScene(n.box.center()));
}

int variableNode(GraphView* g) {
  for (int i = 0; i < g->nodeCount(); ++i)
    if (uops::isVariable(*g->layout().nodes[static_cast<size_t>(i)].node)) return i;
  return -1;
}

} // namespace

class TestVariableInspector : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void variableNodeShowsItsBoundValue() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QString::fromLatin1(viewstest::kCacheRows), QStringLiteral("rows.py"));
    w.session().waitForIdle();
    QCOMPARE(w.scheduleCombo()->itemText(3), QStringLiteral("3 of 4: realize() at line 5"));
    choose(w, 3);
    QCOMPARE(w.session().variables(), (uops::VariableValues{{"start_pos", 3}}));

    selectStage(w, "Rangeify", -1);
    GraphView* g = w.graph();
    int v = variableNode(g);
    QVERIFY(v >= 0);
    click(g, v);
    QCOMPARE(g->selected(), v);
    NodeInspector* in = w.inspector();
    QCOMPARE(in->field(QStringLiteral("op")), QStringLiteral("Param"));
    QCOMPARE(in->field(QStringLiteral("arg")), QStringLiteral("(slot=-1, var=\"start_pos\", min=0, max=5)"));
    QCOMPARE(in->field(QStringLiteral("min_max")), QStringLiteral("[0, 5]"));
    QCOMPARE(in->field(QStringLiteral("variables")), QStringLiteral("start_pos in [0, 5] = 3"));

    // the other realization: the same graph, the other value
    choose(w, 2);
    QCOMPARE(w.session().variables(), (uops::VariableValues{{"start_pos", 2}}));
    selectStage(w, "Rangeify", -1);
    click(g, variableNode(g));
    QCOMPARE(in->field(QStringLiteral("variables")), QStringLiteral("start_pos in [0, 5] = 2"));
  }

  void kernelTakesTheVariable() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QString::fromLatin1(viewstest::kCacheRows), QStringLiteral("rows.py"));
    w.session().waitForIdle();
    choose(w, 3);
    const uops::PipelineRun* run = w.session().run();
    QVERIFY(run && !run->failed());
    int kernel = -1;
    for (size_t k = 0; k < run->kernels.size(); ++k)
      if (!run->kernels[k].variables.empty()) kernel = static_cast<int>(k);
    QVERIFY(kernel >= 0);
    selectStage(w, "Render", kernel);
    QVERIFY2(w.code()->source()->text().contains(QStringLiteral(" %start_pos")),
             qPrintable(w.code()->source()->text()));
    // the kernel's root: its variables and the realization's values
    GraphView* g = w.graph();
    click(g, g->nodeCount() - 1);
    QCOMPARE(w.inspector()->field(QStringLiteral("variables")), QStringLiteral("start_pos in [0, 5] = 3"));
  }
};

UOPSCOPE_TEST(TestVariableInspector);
#include "test_variable_inspector.moc"
