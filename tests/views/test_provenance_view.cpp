// "Where did this come from" in the explorer: the program line under the
// cursor outlines the nodes it made in the graph, at any stage, and marks the
// kernel source lines their instructions are on; selecting a node marks the
// line it came from in the program and names it in the Inspector.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"
#include "views/program/program_editor.h"

#include "views/code/code_panel.h"
#include "views/inspector/node_inspector.h"
#include "views/program/program_panel.h"

#include <QTest>

using namespace uops;
using namespace uops::views;

namespace {

void putCursorOn(MainWindow& w, int line) {
  w.program()->editor()->setCursorLine(line);
}

} // namespace

class TestProvenanceView : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void aProgramLineMarksItsNodesAndCode() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    // line 7: e = (x - m).exp()
    putCursorOn(w, 7);
    QCOMPARE(w.session().programLine(), 7);
    const std::vector<size_t> linked = w.graph()->linkedNodes();
    QVERIFY(!linked.empty());
    for (size_t i : linked) QCOMPARE(w.graph()->layout().nodes[i].node->line(), 7);
    int fromSeven = 0;
    for (const LaidOutNode& n : w.graph()->layout().nodes) fromSeven += n.node->line() == 7;
    QCOMPARE(static_cast<int>(linked.size()), fromSeven);
    // a kernel's rendered source: the lines of line 7's instructions
    bool marked = false;
    for (int k = 0; k < static_cast<int>(w.session().run()->kernels.size()) && !marked; ++k) {
      w.session().selectStage(w.session().findStage(QStringLiteral("Render"), k));
      w.session().waitForIdle();
      const std::vector<int> lines = w.code()->programLineMarks();
      for (int line : lines) {
        const UOp* node = w.code()->nodeOfLine(line);
        QVERIFY(node && node->line() == 7);
      }
      marked = !lines.empty();
    }
    QVERIFY2(marked, "no kernel's source has a line from program line 7");
    // the outline follows the cursor: line 1 (a comment) made nothing
    w.session().selectStage(w.session().findStage(QStringLiteral("Rangeify"), -1));
    w.session().waitForIdle();
    putCursorOn(w, 1);
    QVERIFY(w.graph()->linkedNodes().empty());
  }

  void aNodeShowsItsLine() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    int index = -1;
    for (size_t i = 0; i < w.graph()->layout().nodes.size() && index < 0; ++i)
      if (w.graph()->layout().nodes[i].node->op() == Op::Exp2 && w.graph()->layout().nodes[i].node->line() == 7) index = static_cast<int>(i);
    QVERIFY(index >= 0);
    w.graph()->select(index);
    QCOMPARE(w.program()->originLine(), 7);
    QCOMPARE(w.inspector()->field(QStringLiteral("line")), QStringLiteral("7: e = (x - m).exp()"));
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestProvenanceView);
#include "test_provenance_view.moc"
