// Docs on hover, through the real widgets: a tooltip event over a graph node
// shows its op's entry from core/docs; the inspector's op field, a word of
// the rendered LLVM IR or of the textual IR the mouse dwells on, a stage or
// kernel row and the Optimize panel's OptOps, AxisTypes and kernels explain
// themselves the same way.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/docs/axis_opt_doc.h"
#include "core/docs/op_doc.h"
#include "core/docs/stage_doc.h"
#include "core/ir/uop.h"
#include "core/engine/linear_stepper.h"
#include "views/code/code_editor.h"
#include "views/code/scintilla.h"
#include "views/kernels/kernels_model.h"
#include "views/kernels/kernels_panel.h"
#include "views/stages/stages_model.h"
#include "views/stepper/kernel_stepper_panel.h"
#include "views/stepper/stepper_model.h"

#include <QComboBox>
#include <QHelpEvent>
#include <QListWidget>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

using namespace uops::views;

namespace {

QString escaped(std::string_view s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toHtmlEscaped();
}

// The first line of the Code view's source pane containing `needle`, or -1.
int lineWith(const CodeEditor& code, const QString& needle) {
  for (int i = 0; i < code.lineCount(); ++i)
    if (code.lineText(i).contains(needle)) return i;
  return -1;
}

// Lets the mouse dwell on `column` of `line` of the source pane: the tooltip shown, or "".
QString dwellOn(CodeEditor& code, int line, int column) {
  auto* edit = code.findChild<QsciScintilla*>(code.objectName() + QStringLiteral("Text"));
  if (!edit) return QStringLiteral("no editor");
  // a tooltip hides after a short delay: wait it out, so only a new one shows
  QToolTip::hideText();
  if (!QTest::qWaitFor([] { return !QToolTip::isVisible(); }, 3000)) return QStringLiteral("a tooltip stays");
  const int position = static_cast<int>(edit->positionFromLineIndex(line, column));
  const QPoint at = code.pointOfLine(line);
  Q_EMIT edit->SCN_DWELLSTART(position, at.x(), at.y());
  return QToolTip::isVisible() ? QToolTip::text() : QString();
}

} // namespace

class TestDocTooltips : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  // Hovering a node box shows its label and its op's meaning, src, arg and
  // dtype rules; hovering the empty scene shows nothing.
  void graphNodeShowsItsOp() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify", {1400, 900}));
    GraphView* g = w.graph();
    QVERIFY(g->nodeCount() > 2);
    int index = -1;
    for (int i = 0; i < g->nodeCount(); ++i)
      if (g->layout().nodes[static_cast<size_t>(i)].node->op() == uops::Op::Reduce) index = i;
    QVERIFY(index >= 0);
    const LaidOutNode& n = g->layout().nodes[static_cast<size_t>(index)];
    g->centerOn(n.box.center());
    const QPoint at = g->mapFromScene(n.box.center());
    QHelpEvent hover(QEvent::ToolTip, at, g->viewport()->mapToGlobal(at));
    QToolTip::hideText();
    QApplication::sendEvent(g->viewport(), &hover);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString tip = QToolTip::text();
    const uops::docs::OpDoc& doc = uops::docs::opDoc(uops::Op::Reduce);
    QVERIFY2(tip.contains(QStringLiteral("<b>Reduce</b> &nbsp;<i>Reduce op</i>")), qPrintable(tip));
    QVERIFY2(tip.contains(escaped(doc.meaning)), qPrintable(tip));
    QVERIFY2(tip.contains(escaped(doc.sources)), qPrintable(tip));
    QVERIFY2(tip.contains(escaped(doc.example)), qPrintable(tip));
    // the node's own label leads: its number
    QVERIFY2(tip.startsWith(QStringLiteral("<p style='white-space:pre'>%%1 Reduce").arg(n.number)), qPrintable(tip));
    QCOMPARE(g->toolTipAt(at), tip);
    // off the nodes: no tooltip
    QPoint corner(2, 2);
    QCOMPARE(g->nodeAt(corner), -1);
    QVERIFY(g->toolTipAt(corner).isEmpty());
    QHelpEvent away(QEvent::ToolTip, corner, g->viewport()->mapToGlobal(corner));
    QApplication::sendEvent(g->viewport(), &away);
    QTRY_VERIFY(!QToolTip::isVisible());

    // the inspector's op field of the clicked node explains the same op
    QTest::mouseClick(g->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(g->selected(), index);
    const QString opTip = w.inspector()->fieldToolTip(QStringLiteral("op"));
    QVERIFY2(opTip.contains(escaped(doc.meaning)), qPrintable(opTip));
    QListWidget* sources = w.inspector()->sources();
    QVERIFY(sources->count() > 0);
    const uops::UOp* first = n.node->src(0).get();
    QVERIFY(sources->item(0)->toolTip().contains(escaped(uops::docs::opDoc(first->op()).meaning)));
  }

  // Dwelling on an LLVM instruction, an intrinsic or a keyword of the
  // rendered source shows its entry; on a register, nothing.
  void llvmIrWordsExplainThemselves() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "attention.py", "Callify", {1400, 900}));
    QVERIFY(w.showView(QStringLiteral("code")));
    const int render = w.session().findStage(QStringLiteral("Render"), 0);
    QVERIFY(render >= 0);
    w.session().selectStage(render);
    w.session().waitForIdle();
    CodeEditor* code = w.code()->source();
    QTRY_VERIFY(code->text().contains(QStringLiteral("define void @kernel")));

    const int gep = lineWith(*code, QStringLiteral("getelementptr inbounds"));
    QVERIFY(gep >= 0);
    const int column = static_cast<int>(code->lineText(gep).indexOf(QStringLiteral("getelementptr"))) + 3;
    const QString tip = dwellOn(*code, gep, column);
    QVERIFY2(tip.contains(QStringLiteral("<b>getelementptr</b> &nbsp;<i>LLVM IR instruction</i>")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Address arithmetic")), qPrintable(tip));
    const int inbounds = static_cast<int>(code->lineText(gep).indexOf(QStringLiteral("inbounds")));
    QVERIFY(dwellOn(*code, gep, inbounds).contains(QStringLiteral("<i>LLVM IR keyword</i>")));
    // a register: no entry, no tooltip
    const int reg = static_cast<int>(code->lineText(gep).indexOf(QLatin1Char('%'))) + 1;
    QVERIFY(code->toolTipAt(gep, reg).isEmpty());
    QVERIFY(dwellOn(*code, gep, reg).isEmpty());

    const int call = lineWith(*code, QStringLiteral("@llvm."));
    QVERIFY(call >= 0);
    const int name = static_cast<int>(code->lineText(call).indexOf(QStringLiteral("@llvm."))) + 7;
    const QString intrinsic = dwellOn(*code, call, name);
    QVERIFY2(intrinsic.contains(QStringLiteral("<i>LLVM IR intrinsic</i>")), qPrintable(intrinsic));
  }

  // The textual IR of a whole-program stage: an op name explains the op.
  void textualIrOpsExplainThemselves() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify", {1400, 900}));
    QVERIFY(w.showView(QStringLiteral("code")));
    QSignalSpy listed(&w.session(), &Session::listingReady);
    w.session().selectStage(w.session().findStage(QStringLiteral("Callify"), -1));
    QVERIFY(listed.wait());
    CodeEditor* code = w.code()->source();
    QVERIFY(lineWith(*code, QStringLiteral(" = Const(")) >= 0);
    const int line = lineWith(*code, QStringLiteral(" = Const("));
    const int column = static_cast<int>(code->lineText(line).indexOf(QStringLiteral("Const"))) + 2;
    const QString tip = dwellOn(*code, line, column);
    QVERIFY2(tip.contains(QStringLiteral("<b>Const</b> &nbsp;<i>Source op</i>")), qPrintable(tip));
    QVERIFY2(tip.contains(escaped(uops::docs::opDoc(uops::Op::Const).dtype)), qPrintable(tip));
  }

  // The Step view's linearized instructions: each names its op's entry.
  void stepInstructionsExplainThemselves() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QVERIFY(w.showView(QStringLiteral("step")));
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 1));
    w.session().waitForIdle();
    StepperModel* model = w.stepper()->model();
    QTRY_VERIFY(model->rowCount() > 0);
    const uops::UOp* first = w.stepper()->stepper()->instructions()[0].get();
    const QString tip = model->index(0, StepperModel::Instruction).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(escaped(uops::docs::opDoc(first->op()).meaning)), qPrintable(tip));
  }

  // A stage row says what the stage does; a kernel row explains its name.
  void stagesAndKernelsExplainThemselves() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", {1400, 900}));
    StagesModel* model = w.stages()->stagesModel();
    QModelIndex callify, optimizeKernel;
    for (int row = 0; row < model->rowCount(); ++row) {
      const QModelIndex i = model->index(row, StagesModel::Stage);
      if (i.data().toString() == QStringLiteral("Callify")) callify = i;
      if (i.data().toString() != QStringLiteral("Optimize")) continue;
      for (int k = 0; k < model->rowCount(i); ++k) // matmul's reduction kernel: "#n r_..."
        if (model->index(k, 0, i).data().toString().contains(QStringLiteral(" r_"))) optimizeKernel = model->index(k, 0, i);
    }
    QVERIFY(callify.isValid() && optimizeKernel.isValid());
    QCOMPARE(callify.data(Qt::ToolTipRole).toString(), QString::fromUtf8(uops::docs::stageDoc("Callify").data()));
    const QString kernelTip = optimizeKernel.data(Qt::ToolTipRole).toString();
    const QString name = optimizeKernel.data().toString().section(QLatin1Char(' '), 1);
    QVERIFY2(kernelTip.contains(QStringLiteral("<b>%1</b> &nbsp;<i>kernel name</i>").arg(name)), qPrintable(kernelTip));
    QVERIFY2(kernelTip.contains(QStringLiteral("REDUCE")), qPrintable(kernelTip)); // matmul reduces
    // the Kernels view's name and ranges cells say the same
    KernelsModel* kernels = w.kernels()->kernels();
    QTRY_VERIFY(kernels->rowCount() > 0);
    const int row = optimizeKernel.row();
    QVERIFY(row < kernels->rowCount());
    QCOMPARE(kernels->index(row, KernelsModel::Kernel).data(Qt::ToolTipRole).toString(), kernelTip);
    QCOMPARE(kernels->index(row, KernelsModel::Ranges).data(Qt::ToolTipRole).toString(), kernelTip);
  }

  // The Optimize panel: each OptOp and AxisType item explains itself, the
  // combo's tooltip follows the choice, and the kernel combo explains names.
  void optimizePanelExplainsItsChoices() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify", {1400, 900}));
    OptimizePanel* o = w.optimizer();
    QCOMPARE(o->op()->count(), 5);
    for (int i = 0; i < o->op()->count(); ++i) {
      const uops::docs::OptOpDoc& doc = uops::docs::optOpDoc(static_cast<uops::OptOpKind>(i));
      QCOMPARE(o->op()->itemText(i), QString::fromUtf8(doc.name.data()));
      QVERIFY(o->op()->itemData(i, Qt::ToolTipRole).toString().contains(escaped(doc.meaning)));
    }
    o->op()->setCurrentIndex(4);
    QVERIFY2(o->op()->toolTip().contains(QStringLiteral("<b>TC</b>")), qPrintable(o->op()->toolTip()));
    const int upcast = o->target()->findText(QStringLiteral("UPCAST"));
    QVERIFY(o->target()->itemData(upcast, Qt::ToolTipRole).toString().contains(QStringLiteral("Register-level vectorization")));
    QVERIFY(o->kernel()->count() > 0);
    const QString kernelTip = o->kernel()->itemData(0, Qt::ToolTipRole).toString();
    QVERIFY2(kernelTip.contains(QStringLiteral("<i>kernel name</i>")), qPrintable(kernelTip));
  }
};

UOPSCOPE_TEST(TestDocTooltips);
#include "test_doc_tooltips.moc"
