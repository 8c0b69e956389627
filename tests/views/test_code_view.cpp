// The Code view follows the selection both ways: a node selected in the
// graph of a kernel's Render stage marks the source lines it produced (they
// hold its rendering), and clicking a source line selects its node in the
// graph and the Inspector. The source and the machine code are highlighted.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/uop.h"
#include "views/code/code_editor.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QCheckBox>
#include <QRegularExpression>
#include <QTest>

using namespace uops::views;

namespace {

// The index in the graph of the first node with op `op`, or -1.
int firstOf(const GraphView& graph, uops::Op op) {
  const std::vector<LaidOutNode>& nodes = graph.layout().nodes;
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].node->op() == op) return static_cast<int>(i);
  return -1;
}

// The text of the lines marked in the Code view, one per line.
QString markedText(const CodePanel& code) {
  QString out;
  for (int line : code.markedLines()) out += code.source()->lineText(line) + QLatin1Char('\n');
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

  // A whole-program listing of thousands of lines (printed on a worker) shows
  // whole at once, with line numbers; the lexer colours the lines shown, and
  // the last ones when they are scrolled to.
  void longListingsColourAsShown() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.showView(QStringLiteral("code")));
    w.session().setSource(viewstest::chainProgram(600), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    QSignalSpy listed(&w.session(), &uops::views::Session::listingReady);
    w.session().selectStage(w.session().findStage(QStringLiteral("Callify"), -1));
    QVERIFY(listed.wait());
    CodeEditor* source = w.code()->source();
    const int lines = source->lineCount();
    QVERIFY2(lines > 1000, qPrintable(QString::number(lines)));
    // every node listed
    QVERIFY(lines >= static_cast<int>(uops::toposort(*w.session().selectedGraph()).size()));
    // "%0 = Buffer() ...": the %0 is a register, coloured once shown
    QTRY_VERIFY(source->styleAt(0, 0) != 0);
    source->reveal(lines - 2);
    QTRY_VERIFY(source->styleAt(lines - 2, 0) != 0);
  }

  // Selecting the Store and an Add in the graph marks the lines they rendered.
  void selectedNodeMarksItsLines() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", QSize(1400, 900)));
    QVERIFY(opensRender(w, 0));
    QVERIFY(w.code()->source()->text().contains(QStringLiteral("define void @kernel")));
    // the Render stage's graph is the Linear the source was rendered from
    QCOMPARE(w.session().selectedGraph()->op(), uops::Op::Linear);

    int store = firstOf(*w.graph(), uops::Op::Store);
    QVERIFY(store >= 0);
    w.graph()->select(store);
    QCOMPARE(w.session().selectedNode(), w.graph()->layout().nodes[static_cast<size_t>(store)].node);
    QVERIFY(!w.code()->markedLines().empty());
    QVERIFY2(markedText(*w.code()).contains(QStringLiteral("store ")), qPrintable(markedText(*w.code())));
    QCOMPARE(w.code()->source()->markedLines(CodeEditor::Mark::Node), w.code()->markedLines());

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
    QVERIFY(w.code()->source()->markedLines(CodeEditor::Mark::Node).empty());
  }

  // A click on a source line selects the node that produced it.
  void clickedLineSelectsItsNode() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", QSize(1400, 900)));
    QVERIFY(w.showView(QStringLiteral("code")));
    QVERIFY(opensRender(w, 2)); // the first matmul (kernels 0 and 1 compute the inputs)
    CodePanel* code = w.code();
    int line = -1;
    for (int i = 0; i < code->source()->lineCount() && line < 0; ++i)
      if (code->nodeOfLine(i) && code->nodeOfLine(i)->op() == uops::Op::Load) line = i;
    QVERIFY(line >= 0);
    QVERIFY(code->source()->lineText(line).contains(QStringLiteral("load ")));
    // scroll the line into view and click it
    code->source()->reveal(line);
    QTest::mouseClick(code->source()->textWidget(), Qt::LeftButton, {}, code->source()->pointOfLine(line));
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
    for (int i = 0; i < code->source()->lineCount() && store < 0; ++i)
      if (code->nodeOfLine(i) && code->nodeOfLine(i)->op() == uops::Op::Store) store = i;
    QVERIFY(code->chooseLine(store));
    QCOMPARE(w.inspector()->field(QStringLiteral("op")), QStringLiteral("Store"));
  }

  // The machine code reads mnemonic first; addresses and bytes come with the
  // pane's box (the text as the device gave it).
  void machineCodeMnemonicFirst() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", QSize(1400, 900)));
    QVERIFY(w.showView(QStringLiteral("code")));
    QVERIFY(opensRender(w, 0));
    QTRY_VERIFY(w.code()->isa()->text().contains(QStringLiteral("ret")));
    static const QRegularExpression address(QStringLiteral("^\\s*[0-9a-f]+: [0-9a-f]{2} "), QRegularExpression::MultilineOption);
    QVERIFY(!w.code()->addressesAndBytes()->isChecked());
    QVERIFY2(!w.code()->isa()->text().contains(address), qPrintable(w.code()->isa()->text().left(300)));
    QVERIFY(w.code()->isa()->lineText(0).trimmed().at(0).isLetter()); // an instruction's mnemonic
    w.code()->addressesAndBytes()->setChecked(true);
    QVERIFY2(w.code()->isa()->text().contains(address), qPrintable(w.code()->isa()->text().left(300)));
    QCOMPARE(w.code()->isa()->text(), w.session().machineCodeOf(0));
  }

  // The source and the disassembly are coloured.
  void sourceAndMachineCodeHighlighted() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", QSize(1400, 900)));
    QVERIFY(w.showView(QStringLiteral("code"))); // the lexer colours what is shown
    QVERIFY(opensRender(w, 0));
    QCOMPARE(w.code()->source()->language(), CodeLanguage::LlvmIr);
    int define = -1;
    for (int i = 0; i < w.code()->source()->lineCount() && define < 0; ++i)
      if (w.code()->source()->lineText(i).startsWith(QStringLiteral("define void @kernel"))) define = i;
    QVERIFY(define >= 0);
    w.code()->source()->reveal(define); // the lexer colours the lines shown
    QTRY_VERIFY(w.code()->source()->styleAt(define, 0) != 0); // "define" is a keyword
    QTRY_VERIFY(w.code()->isa()->text().contains(QStringLiteral("ret")));
    QCOMPARE(w.code()->isa()->language(), CodeLanguage::Assembly);
    // the same text in another language is coloured again
    w.code()->source()->setLanguage(CodeLanguage::OpenClC);
    QTRY_VERIFY(w.code()->source()->styleAt(define, 0) == 0); // no OpenCL keyword
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestCodeView);
#include "test_code_view.moc"
