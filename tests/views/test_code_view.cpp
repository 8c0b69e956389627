// The Code view follows the selection both ways: a node selected in the
// graph of a kernel's Render stage marks the source lines it produced (they
// hold its rendering), and clicking a source line selects its node in the
// graph and the Inspector. The source and the machine code are highlighted.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/uop.h"
#include "views/code/code_highlighter.h"

#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

using namespace uops::views;

namespace {

// The index in the graph of the first node with op `op`, or -1.
int firstOf(const GraphView& graph, uops::Op op) {
  const std::vector<LaidOutNode>& nodes = graph.layout().nodes;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].node->op() == op) return static_cast<int>(i);
  return -1;
}

QString lineText(const QPlainTextEdit* box, int line) { return box->document()->findBlockByNumber(line).text(); }

// The text of the lines marked in the Code view, one per line.
QString markedText(const CodePanel& code) {
  QString out;
  for (int line : code.markedLines()) out += lineText(code.source(), line) + QLatin1Char('\n');
  return out;
}

bool opensRender(MainWindow& w, int kernel) {
  int render = w.session().findStage(QStringLiteral("Render"), kernel);
  if (render < 0) return false;
  w.session().selectStage(render);
  w.session().waitForIdle();
  return true;
}

} // namespace

class TestCodeView : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  // A whole-program listing of thousands of lines (printed on a worker) shows whole at once, its
  // first lines coloured, the rest coloured from the event loop a slice at a
  // time (coloring it all at once held the window up a quarter of a second;
  // then long listings went uncolored).
  void longListingsColourProgressively() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(viewstest::chainProgram(600), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    QSignalSpy listed(&w.session(), &uops::views::Session::listingReady);
    QTextDocument* doc = w.code()->source()->document();
    auto coloured = [&](int line) { return !doc->findBlockByNumber(line).layout()->formats().isEmpty(); };
    // what the Code view did when the listing arrived (this slot runs right
    // after its own, before any slice: a busy machine may run slices before
    // the spy's wait returns)
    int colouredAtArrival = -1;
    bool lastColouredAtArrival = true;
    connect(&w.session(), &uops::views::Session::listingReady, &w, [&] {
      colouredAtArrival = w.code()->sourceHighlighter()->colouredLines();
      lastColouredAtArrival = coloured(doc->blockCount() - 2);
    });
    w.session().selectStage(w.session().findStage(QStringLiteral("Callify"), -1));
    QVERIFY(listed.wait());
    const int lines = doc->blockCount();
    QVERIFY2(lines > 3 * CodeHighlighter::kFirstLines, qPrintable(QString::number(lines)));
    // every node listed
    QVERIFY(lines >= static_cast<int>(uops::toposort(*w.session().selectedGraph()).size()));
    QVERIFY(coloured(1));
    QVERIFY(!lastColouredAtArrival);
    QCOMPARE(colouredAtArrival, CodeHighlighter::kFirstLines);
    QTRY_VERIFY(coloured(lines - 2));
    QCOMPARE(w.code()->sourceHighlighter()->colouredLines(), lines);
    // a new text starts over from the top
    w.session().selectStage(w.session().findStage(QStringLiteral("Rangeify"), -1));
    QVERIFY(listed.wait());
    QCOMPARE(colouredAtArrival, CodeHighlighter::kFirstLines);
  }

  // Selecting the Store and an Add in the graph marks the lines they rendered.
  void selectedNodeMarksItsLines() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", QSize(1400, 900)));
    QVERIFY(opensRender(w, 0));
    QVERIFY(w.code()->source()->toPlainText().contains(QStringLiteral("define void @kernel")));
    // the Render stage's graph is the Linear the source was rendered from
    QCOMPARE(w.session().selectedGraph()->op(), uops::Op::Linear);

    int store = firstOf(*w.graph(), uops::Op::Store);
    QVERIFY(store >= 0);
    w.graph()->select(store);
    QCOMPARE(w.session().selectedNode(), w.graph()->layout().nodes[static_cast<size_t>(store)].node);
    QVERIFY(!w.code()->markedLines().empty());
    QVERIFY2(markedText(*w.code()).contains(QStringLiteral("store ")), qPrintable(markedText(*w.code())));
    QCOMPARE(w.code()->source()->extraSelections().size(), static_cast<qsizetype>(w.code()->markedLines().size()));

    int add = firstOf(*w.graph(), uops::Op::Add);
    QVERIFY(add >= 0);
    w.graph()->select(add);
    QVERIFY2(markedText(*w.code()).contains(QStringLiteral("add ")), qPrintable(markedText(*w.code())));
    for (int line : w.code()->markedLines())
      QCOMPARE(w.code()->nodeOfLine(line), w.graph()->layout().nodes[static_cast<size_t>(add)].node);

    // a node that rendered no line (a Const is an operand) marks nothing
    int constant = firstOf(*w.graph(), uops::Op::Const);
    QVERIFY(constant >= 0);
    w.graph()->select(constant);
    QVERIFY(w.code()->markedLines().empty());
    QVERIFY(w.code()->source()->extraSelections().isEmpty());
  }

  // A click on a source line selects the node that produced it.
  void clickedLineSelectsItsNode() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", QSize(1400, 900)));
    QVERIFY(w.showView(QStringLiteral("code")));
    QVERIFY(opensRender(w, 2)); // the first matmul (kernels 0 and 1 compute the inputs)
    CodePanel* code = w.code();
    int line = -1;
    for (int i = 0; i < code->source()->blockCount() && line < 0; ++i)
      if (code->nodeOfLine(i) && code->nodeOfLine(i)->op() == uops::Op::Load) line = i;
    QVERIFY(line >= 0);
    QVERIFY(lineText(code->source(), line).contains(QStringLiteral("load ")));
    // scroll the line into view and click it
    QTextCursor at(code->source()->document()->findBlockByNumber(line));
    code->source()->setTextCursor(at);
    code->source()->ensureCursorVisible();
    QTest::mouseClick(code->source()->viewport(), Qt::LeftButton, {}, code->source()->cursorRect(at).center());
    QVERIFY(w.graph()->selected() >= 0);
    QCOMPARE(w.graph()->layout().nodes[static_cast<size_t>(w.graph()->selected())].node, code->nodeOfLine(line));
    QCOMPARE(w.inspector()->field(QStringLiteral("op")), QStringLiteral("Load"));
    QVERIFY(std::find(code->markedLines().begin(), code->markedLines().end(), line) != code->markedLines().end());

    // a header line belongs to no node: the selection stays
    const uops::UOp* before = w.session().selectedNode();
    QVERIFY(!code->nodeOfLine(0));
    QVERIFY(!code->chooseLine(0));
    QCOMPARE(w.session().selectedNode(), before);
    // choosing a line of another node moves the graph there
    int store = -1;
    for (int i = 0; i < code->source()->blockCount() && store < 0; ++i)
      if (code->nodeOfLine(i) && code->nodeOfLine(i)->op() == uops::Op::Store) store = i;
    QVERIFY(code->chooseLine(store));
    QCOMPARE(w.inspector()->field(QStringLiteral("op")), QStringLiteral("Store"));
  }

  // The source and the disassembly are coloured.
  void sourceAndMachineCodeHighlighted() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(opensRender(w, 0));
    QCOMPARE(w.code()->sourceHighlighter()->language(), CodeLanguage::LlvmIr);
    QTextBlock define = w.code()->source()->document()->find(QStringLiteral("define void @kernel")).block();
    QVERIFY(define.isValid());
    QTRY_VERIFY(!define.layout()->formats().isEmpty());
    QVERIFY(w.code()->isa()->toPlainText().contains(QStringLiteral("ret")));
    // coloured progressively: the last lines soon after the first
    QTRY_VERIFY(!w.code()->isa()->document()->lastBlock().previous().layout()->formats().isEmpty());
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestCodeView);
#include "test_code_view.moc"
