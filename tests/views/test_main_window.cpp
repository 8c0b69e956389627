// uopscope's window driven offscreen: a bundled example loads and its graph
// shows every node of the core's graph; stepping stages changes the graph;
// a run fills the times table and checks outputs against the reference
// evaluator; a load error is shown with its line marked in the editor.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/uop.h"
#include "views/rewrites/rewrites_model.h"
#include "views/stages/stages_model.h"

#include <QLabel>
#include "views/code/code_editor.h"
#include "views/program/program_editor.h"
#include <QPushButton>
#include <QTableView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QComboBox>
#include <QListWidget>
#include <QMenu>
#include <QSpinBox>

using namespace uops::views;

class TestMainWindow : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the icon of uopscope.qrc (an SVG drawn by Qt's icon engine) and the
  // bundled examples under File > Examples
  void hasItsIconAndExamples() {
    MainWindow w;
    QVERIFY(!w.windowIcon().pixmap(64, 64).isNull());
    auto* examples = w.findChild<QMenu*>(QStringLiteral("examplesMenu"));
    QVERIFY(examples);
    QStringList names;
    for (QAction* a : examples->actions())
      names << a->text();
    QVERIFY(names.contains(QStringLiteral("matmul.py")));
    QVERIFY(names.contains(QStringLiteral("convnet_train.py")));
  }

  // Before any program: a start page listing the examples (with what each
  // shows) and the recent files; activating one opens it.
  void startsOnAStartPage() {
    MainWindow w;
    QVERIFY(w.showsStartPage());
    QListWidget* examples = w.startPage()->examples();
    QVERIFY(examples->count() >= 10);
    QListWidgetItem* matmul = nullptr;
    for (int i = 0; i < examples->count(); ++i)
      if (examples->item(i)->text().startsWith(QStringLiteral("matmul.py"))) matmul = examples->item(i);
    QVERIFY(matmul);
    Q_EMIT examples->itemActivated(matmul);
    QVERIFY(!w.showsStartPage());
    w.session().waitForIdle();
    QCOMPARE(w.session().name(), QStringLiteral("matmul.py"));
    QVERIFY(w.session().run());
  }

  void loadsAnExample() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/matmul.py"));
    w.session().waitForIdle();
    QVERIFY(w.session().run());
    QVERIFY(!w.session().run()->failed());
    QCOMPARE(w.session().selectedStage(), 0);
    int nodes = static_cast<int>(uops::toposort(*w.session().selectedGraph()).size());
    QVERIFY(nodes > 10);
    QCOMPARE(w.graph()->nodeCount(), nodes);
    QVERIFY(w.program()->editor()->text().contains(QStringLiteral("from tinygrad import Tensor")));
    QVERIFY(w.program()->status()->text().contains(QStringLiteral("5 kernels")));
    QCOMPARE(w.kernels()->model()->rowCount(), 5);
  }

  void stepsStages() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/softmax.py"));
    w.session().waitForIdle();
    int before = w.graph()->nodeCount();
    w.stages()->step(1); // Rangeify
    w.session().waitForIdle();
    QCOMPARE(w.session().selectedStage(), 1);
    QCOMPARE(QString::fromStdString(w.session().stageRecord(1).stage), QStringLiteral("Rangeify"));
    QCOMPARE(w.graph()->nodeCount(), static_cast<int>(uops::toposort(*w.session().selectedGraph()).size()));
    QVERIFY(w.graph()->nodeCount() != before);
    // a kernel's Render stage shows its LLVM IR and machine code
    int render = w.session().findStage(QStringLiteral("Render"), 0);
    QVERIFY(render > 1);
    w.session().selectStage(render);
    w.session().waitForIdle();
    QVERIFY(w.code()->source()->text().contains(QStringLiteral("define void @kernel")));
    QVERIFY(w.code()->isa()->text().contains(QStringLiteral("ret")));
    // clicking a node selects it
    w.graph()->select(0);
    QCOMPARE(w.graph()->selected(), 0);
  }

  // Next/previous stage follows one kernel through its stages (Optimize of #2
  // -> Expand of #2, not Optimize of #3); next/previous kernel keeps the stage.
  void navigationFollowsTheKernel() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/softmax.py"));
    w.session().waitForIdle();
    auto at = [&] {
      const uops::StageRecord& r = w.session().stageRecord(w.session().selectedStage());
      return QStringLiteral("%1 %2").arg(QString::fromStdString(r.stage)).arg(r.kernel.empty() ? -1 : static_cast<int>(r.kernelIndex));
    };
    w.session().selectStage(w.session().findStage(QStringLiteral("Optimize"), 2));
    QCOMPARE(at(), QStringLiteral("Optimize 2"));
    w.stages()->step(1);
    QCOMPARE(at(), QStringLiteral("Expand 2"));
    w.stages()->stepKernel(-1);
    QCOMPARE(at(), QStringLiteral("Expand 1"));
    w.stages()->step(-1);
    QCOMPARE(at(), QStringLiteral("Optimize 1"));
    w.stages()->step(-1);
    QCOMPARE(at(), QStringLiteral("Rangeify -1"));
    w.stages()->step(1); // back to the kernel last shown
    QCOMPARE(at(), QStringLiteral("Optimize 1"));
    for (int i = 0; i < 10; ++i) w.stages()->step(1); // stops at the last stage
    QCOMPARE(at(), QStringLiteral("Render 1"));
    w.stages()->stepKernel(-5); // no such kernel: stays
    QCOMPARE(at(), QStringLiteral("Render 1"));
  }

  // One identity per kernel: the Stages tree names a kernel's stages, Optimize
  // included, as the Kernels table does (its number, then the name after
  // Optimize), here on the first of attention's kernels its OptOps rename
  void namesEachKernelOnce() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/attention.py"));
    w.session().waitForIdle();
    const uops::PipelineRun* run = w.session().run();
    QVERIFY(run && !run->kernels.empty());
    int renamed = -1;
    for (size_t k = 0; k < run->kernels.size() && renamed < 0; ++k)
      if (run->kernels[k].name.text != run->schedule.kernels[k].name) renamed = int(k);
    QVERIFY(renamed >= 0); // Optimize renamed one
    const QString name = QString::fromStdString(run->kernels[size_t(renamed)].name.text);
    const QString number = QStringLiteral("#%1").arg(renamed);
    QCOMPARE(w.kernels()->text(renamed, 0), number);
    int labelled = 0;
    const StagesModel* stages = w.stages()->stagesModel();
    for (int g = 0; g < stages->rowCount(); ++g) {
      const QModelIndex group = stages->index(g, 0);
      for (int k = 0; k < stages->rowCount(group); ++k) {
        const QString text = stages->index(k, 0, group).data().toString();
        if (!text.startsWith(number + QStringLiteral(" "))) continue;
        QCOMPARE(text, number + QStringLiteral(" ") + name);
        ++labelled;
      }
    }
    QCOMPARE(labelled, 6); // Optimize, Expand, Instruction Selection, Linearize, Register/Memory Plan, Render
  }

  // Choosing a rewrite shows the graph after it with its replacement highlighted.
  void stepsRewrites() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    RewritesPanel* tree = w.rewrites();
    const RewritesModel* model = tree->rewritesModel();
    QVERIFY(model->rowCount() > 2);
    QModelIndex rewrite;
    for (int i = 0; i < model->rowCount() && !rewrite.isValid(); ++i)
      if (model->rowCount(model->index(i, 0)) > 1) rewrite = model->index(1, 0, model->index(i, 0));
    QVERIFY(rewrite.isValid());
    QVERIFY(rewrite.siblingAtColumn(RewritesModel::Where).data().toString().contains(QStringLiteral(".cpp:")));
    tree->setCurrentIndex(rewrite);
    w.session().waitForIdle();
    QVERIFY(w.session().layouts().highlighted());
    QVERIFY(w.graph()->selected() >= 0);
    QCOMPARE(w.graph()->selected(), w.graph()->indexOf(w.session().layouts().highlighted()));
    // the next rewrite (arrow down) is shown next
    QSignalSpy shown(&w.session(), &Session::rewriteShown);
    tree->setFocus();
    QTest::keyClick(tree, Qt::Key_Down);
    w.session().waitForIdle();
    QCOMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(1).toInt(), model->stepAndRewrite(rewrite).second + 1);
    QCOMPARE(model->rewriteNumber(tree->currentIndex()), model->rewriteNumber(rewrite) + 1);
    QCOMPARE(w.graph()->selected(), w.graph()->indexOf(w.session().layouts().highlighted()));
  }

  // A valid OptOp re-lowers the kernel with it; an invalid one says why and changes nothing.
  void appliesOptOps() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/matmul.py"));
    w.session().waitForIdle();
    OptimizePanel* o = w.optimizer();
    w.session().selectStage(w.session().findStage(QStringLiteral("Optimize"), 1));
    o->kernel()->setCurrentIndex(1);
    std::vector<uops::Opt> before = w.session().currentOpts(1);
    o->op()->setCurrentText(QStringLiteral("Split"));
    o->axis()->setValue(0);
    o->amount()->setValue(7);
    o->target()->setCurrentText(QStringLiteral("UPCAST"));
    QTest::mouseClick(o->applyButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY2(o->reason()->text().contains(QStringLiteral("does not divide")) ||
                 o->reason()->text().contains(QStringLiteral("must be between")),
             qPrintable(o->reason()->text()));
    QVERIFY(w.session().currentOpts(1) == before);
    o->amount()->setValue(2);
    QTest::mouseClick(o->applyButton(), Qt::LeftButton);
    w.session().waitForIdle();
    std::vector<uops::Opt> after = w.session().currentOpts(1);
    QCOMPARE(after.size(), before.size() + 1);
    QCOMPARE(QString::fromStdString(uops::formatOpt(after.back())), QStringLiteral("Split(0, 2, UPCAST)"));
    // applying re-lowered the program; the stage and kernel shown stayed (not Callify)
    const uops::StageRecord& shown = w.session().stageRecord(w.session().selectedStage());
    QCOMPARE(QString::fromStdString(shown.stage), QStringLiteral("Optimize"));
    QCOMPARE(shown.kernelIndex, size_t{1});
    QCOMPARE(o->applied()->count(), static_cast<int>(after.size()));
    // Heuristic replaces the rejection or the last applied OptOp with what the heuristics chose
    QTest::mouseClick(o->heuristicButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY2(o->reason()->text().startsWith(QStringLiteral("the heuristics chose")), qPrintable(o->reason()->text()));
    QVERIFY(w.session().currentOpts(1) == before);
  }

  // Heuristic on a kernel the heuristics leave alone says so, rather than nothing.
  void heuristicThatChoosesNothingSaysSo() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\nout = Tensor([1.0, 2.0]) * 3\n"),
                          QStringLiteral("tiny.py"));
    w.session().waitForIdle();
    OptimizePanel* o = w.optimizer();
    QVERIFY(w.session().currentOpts(0).empty());
    QTest::mouseClick(o->heuristicButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY2(o->reason()->text().startsWith(QStringLiteral("the heuristics chose no OptOps")),
             qPrintable(o->reason()->text()));
  }

  // BEAM reports progress, draws its chart, and stops when cancelled.
  void cancelsBeam() {
    QTemporaryDir cache;
    qputenv("UOPSCOPE_CACHE_DIR", cache.path().toUtf8());
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // a convolution's kernel: 21 candidates, each a fresh LLVM compile (about
    // 0.3 s in all), so the search is still running when the cancel arrives.
    // matmul.py's kernel of 9 tiny candidates, compiled by the tests before,
    // was searched to its end in a third of runs before the session's event
    // loop (polled every 5 ms) delivered the second progress report.
    w.session().setSource(
        QStringLiteral("from tinygrad import Tensor\nx = Tensor.empty(16, 4, 12, 12)\n"
                       "out = x.conv2d(Tensor.empty(4, 4, 3, 3))\n"),
        QStringLiteral("conv.py"));
    w.session().waitForIdle();
    w.optimizer()->kernel()->setCurrentIndex(0);
    QStringList finished = viewstest::beamCancelledAfterTwo(w);
    QCOMPARE(finished.size(), 1);
    QVERIFY2(finished.front().startsWith(QStringLiteral("BEAM cancelled")), qPrintable(finished.front()));
    QVERIFY(w.optimizer()->chartPoints() >= 2);
    QVERIFY(w.optimizer()->beamButton()->isEnabled());
  }

  // A program that reads its loss every step runs each step on the target
  // device while it loads, and the lowering's progress names each
  // realization point as it runs.
  void loadProgressNamesRealizationPoints() {
    MainWindow w;
    QSignalSpy progress(&w.session(), &uops::views::Session::loweringProgress);
    w.session().setSource(QStringLiteral("from tinygrad import Tensor, nn, Context\n"
                                         "Tensor.manual_seed(1)\n"
                                         "fc = nn.Linear(3, 2)\n"
                                         "opt = nn.optim.SGD([fc.weight, fc.bias], lr=0.1)\n"
                                         "x, y = Tensor.rand(4, 3), Tensor([0, 1, 1, 0])\n"
                                         "with Context(TRAINING=1):\n"
                                         "  for i in range(3):\n"
                                         "    opt.zero_grad()\n"
                                         "    loss = fc(x).sparse_categorical_crossentropy(y).backward()\n"
                                         "    opt.step()\n"
                                         "    print(loss.item())\n"),
                          QStringLiteral("steps.py"));
    w.session().waitForIdle();
    QStringList running;
    for (const QList<QVariant>& args : progress)
      if (args.at(0).toString() == QStringLiteral("Running")) running << args.at(1).toString();
    QCOMPARE(running.size(), 6); // step() and item() in each of three steps
    QCOMPARE(running.at(1), QStringLiteral("step 1 of 3: item() at line 11 (realization point 2)"));
    QCOMPARE(uops::views::loweringMessage(QStringLiteral("Running"), running.at(1)),
             QStringLiteral("Running step 1 of 3: item() at line 11 (realization point 2)"));
    QCOMPARE(w.session().lowered().printed.count(QLatin1Char('\n')), 3);
  }

  void runsOnTheCpu() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/matmul.py"));
    w.session().waitForIdle();
    w.session().setCheckReference(true);
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QCOMPARE(w.runPanel()->times()->model()->rowCount(), 5);
    double median = viewstest::shownMs(w.runPanel()->times()->model()->index(0, 2).data().toString());
    QVERIFY(median > 0);
    QVERIFY2(w.runPanel()->verdict()->text().contains(QStringLiteral("match the reference")),
             qPrintable(w.runPanel()->verdict()->text()));
  }

  void showsLoadErrors() {
    MainWindow w;
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\na = Tensor([1, 2])\nb = a +* 3\n"),
                          QStringLiteral("bad.py"));
    w.session().waitForIdle();
    QCOMPARE(w.session().lowered().errorLine, 3);
    QVERIFY(w.program()->status()->text().contains(QStringLiteral("bad.py:3:")));
    // the error's line marked, its text underlined, the message under it
    const ProgramEditor* editor = w.program()->editor();
    QCOMPARE(editor->markedLines(ProgramEditor::Mark::Error), std::vector<int>{3});
    QVERIFY(editor->underlined(3));
    QVERIFY(editor->annotation(3).contains(QStringLiteral("bad.py:3:")));
  }
};

UOPSCOPE_TEST(TestMainWindow);
#include "test_main_window.moc"
