// The window's menus and their shortcuts.
#include "app/uopscope/main_window.h"
#include "app/uopscope/examples_dir.h"
#include "views/bisect/bisect_runner.h"
#include "views/stages/stages_panel.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QKeySequence>
#include <QMenuBar>
#include <QStatusBar>

namespace uops::views {

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
  file->addAction(QStringLiteral("&Open..."), QKeySequence::Open, this, [this] {
    QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open a tensor program or a session"), QString(),
                                                QStringLiteral("Tensor programs and sessions (*.py *.uopscope);;"
                                                               "Tensor programs (*.py);;Sessions (*.uopscope)"));
    if (!path.isEmpty()) openFile(path);
  });
  // folders where the program's imports are found after its own (a tinygrad checkout)
  file->addAction(QStringLiteral("Module &Path..."), this, [this] {
    bool ok = false;
    const QString folders = QInputDialog::getText(
        this, QStringLiteral("Module path"),
        QStringLiteral("Folders where imports are found after the program's own, separated by '%1':").arg(QDir::listSeparator()),
        QLineEdit::Normal, m_session.modulePath().join(QDir::listSeparator()), &ok);
    if (ok) m_session.setModulePath(folders.split(QDir::listSeparator(), Qt::SkipEmptyParts));
  })->setObjectName(QStringLiteral("modulePathAction"));
  // the program's text: what the user types in the Program view
  file->addAction(QStringLiteral("&Save"), QKeySequence::Save, this, [this] { save(); })
      ->setObjectName(QStringLiteral("saveProgram"));
  file->addAction(QStringLiteral("Save &As..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, [this] { saveAs(); })
      ->setObjectName(QStringLiteral("saveProgramAs"));
  // no shortcut: Ctrl+Shift+S saves the program as, as in every editor
  QAction* sessionAs = file->addAction(QStringLiteral("Save Sess&ion As..."), this, [this] {
    QString path = m_prompts.savePath(QStringLiteral("Save the session"), QStringLiteral("Sessions (*.uopscope)"), QString());
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".uopscope"))) path += QStringLiteral(".uopscope");
    QString error = saveSession(path);
    if (!error.isEmpty()) statusBar()->showMessage(error);
  });
  sessionAs->setObjectName(QStringLiteral("saveSession"));
  file->addAction(QStringLiteral("&Export Kernel Report..."), this, &MainWindow::exportKernelReportAs)
      ->setObjectName(QStringLiteral("exportKernelReport"));
  file->addAction(QStringLiteral("Export &Trace..."), this, [this] { exportAs(QStringLiteral("trace")); })
      ->setObjectName(QStringLiteral("exportTrace"));
  file->addAction(QStringLiteral("Export &HTML Report..."), this, [this] { exportAs(QStringLiteral("report")); })
      ->setObjectName(QStringLiteral("exportHtmlReport"));
  QMenu* recent = file->addMenu(QStringLiteral("Open &Recent"));
  recent->setObjectName(QStringLiteral("recentMenu"));
  m_recent = new RecentFiles(recent, [this](const QString& path) { openFile(path); });
  QMenu* examples = file->addMenu(QStringLiteral("&Examples"));
  examples->setObjectName(QStringLiteral("examplesMenu"));
  QDir dir(examplesDir());
  for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
    examples->addAction(name, this, [this, path = dir.filePath(name)] { openFile(path); });
  file->addAction(QStringLiteral("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
  view->addAction(QStringLiteral("Next stage"), this, [this] { m_stages->step(1); })
      ->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence(Qt::CTRL | Qt::Key_Down)});
  view->addAction(QStringLiteral("Previous stage"), this, [this] { m_stages->step(-1); })
      ->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::CTRL | Qt::Key_Up)});
  view->addAction(QStringLiteral("Next kernel"), QKeySequence(Qt::ALT | Qt::Key_PageDown), this,
                  [this] { m_stages->stepKernel(1); });
  view->addAction(QStringLiteral("Previous kernel"), QKeySequence(Qt::ALT | Qt::Key_PageUp), this,
                  [this] { m_stages->stepKernel(-1); });
  QAction* byKernel = view->addAction(QStringLiteral("Stages by kernel"));
  byKernel->setObjectName(QStringLiteral("stagesByKernel"));
  byKernel->setCheckable(true);
  byKernel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
  connect(byKernel, &QAction::toggled, m_stages, &StagesPanel::setByKernel);
  view->addAction(QStringLiteral("Next rewrite"), QKeySequence(Qt::ALT | Qt::Key_Down), this, [this] {
    showView(QStringLiteral("rewrites"));
    m_rewrites->step(1);
  });
  view->addAction(QStringLiteral("Previous rewrite"), QKeySequence(Qt::ALT | Qt::Key_Up), this, [this] {
    showView(QStringLiteral("rewrites"));
    m_rewrites->step(-1);
  });
  buildGraphMenu();
  QMenu* run = menuBar()->addMenu(QStringLiteral("&Run"));
  // the target device: the kernels the other views show are the ones that run
  run->addAction(QStringLiteral("Run on the target device"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] {
    showView(QStringLiteral("run"));
    m_session.runOn(m_session.device(), 5);
  });
  // the oracle is slow on big programs: a run checks against it only when asked
  QAction* check = run->addAction(QStringLiteral("Check against reference"));
  check->setObjectName(QStringLiteral("checkReferenceAction"));
  check->setCheckable(true);
  check->setChecked(m_session.checkReference());
  connect(check, &QAction::toggled, &m_session, &Session::setCheckReference);
  connect(&m_session, &Session::checkReferenceChanged, check, &QAction::setChecked);
  auto* bisecter = new BisectRunner(m_session, this, [this](int rewrite) { setCompare(true); m_rewrites->choose(rewrite); });
  run->addAction(QStringLiteral("&Bisect the compiler"), bisecter, &BisectRunner::start)->setObjectName(QStringLiteral("bisectAction"));
  connect(bisecter, &BisectRunner::finished, this, [this](const QString& summary) { statusBar()->showMessage(QStringLiteral("Bisect: ") + summary); });
  // stops the lowering, layout, run or BEAM in flight; the views keep what they show
  QAction* stop = run->addAction(QStringLiteral("Stop"), QKeySequence(Qt::Key_Escape), &m_session, &Session::cancelWork);
  stop->setObjectName(QStringLiteral("stopAction"));
}

void MainWindow::buildGraphMenu() {
  QMenu* graph = menuBar()->addMenu(QStringLiteral("&Graph"));
  graph->addAction(QStringLiteral("&Find..."), QKeySequence::Find, m_find, &FindBar::activate);
  graph->addAction(QStringLiteral("Fit graph"), QKeySequence(Qt::CTRL | Qt::Key_0), m_graph, &GraphView::fit);
  m_compare = graph->addAction(QStringLiteral("&Compare before/after rewrite"), this, &MainWindow::setCompare);
  m_compare->setCheckable(true);
  m_compare->setObjectName(QStringLiteral("compareRewrites"));
  m_compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
  QAction* near = graph->addAction(QStringLiteral("Rewrite &neighbourhood only"), this,
                                   [this](bool on) { m_session.layouts().setRewriteNeighbourhood(on); });
  near->setCheckable(true);
  near->setObjectName(QStringLiteral("rewriteNeighbourhood"));
  near->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_N));
  near->setToolTip(QStringLiteral("A rewrite shows the nodes within two edges of its replacement (and of the node it matched)"));
  QAction* stable = graph->addAction(QStringLiteral("&Keep positions while stepping"), this,
                                     [this](bool on) { m_session.layouts().setStableSteps(on); });
  stable->setCheckable(true);
  stable->setChecked(m_session.layouts().stableSteps());
  stable->setObjectName(QStringLiteral("stableSteps"));
  stable->setToolTip(QStringLiteral("Stepping through rewrites keeps every node where it was and marks the new ones "
                                    "(dashed green); a step that changes much is laid out anew"));
  graph->addSeparator();
  auto filter = [this, graph](const QString& title, const QString& name, bool GraphFilter::*field) {
    QAction* a = graph->addAction(title, this, [this, field](bool on) {
      LayoutOptions options = m_session.layouts().layoutOptions();
      options.filter.*field = on;
      m_session.layouts().setLayoutOptions(options);
    });
    a->setCheckable(true);
    a->setObjectName(name);
  };
  filter(QStringLiteral("Hide constants"), QStringLiteral("hideConstants"), &GraphFilter::constants);
  filter(QStringLiteral("Hide index arithmetic"), QStringLiteral("hideIndexMath"), &GraphFilter::indexMath);
  filter(QStringLiteral("Hide movement ops"), QStringLiteral("hideMovement"), &GraphFilter::movement);
  filter(QStringLiteral("One box per Call"), QStringLiteral("collapseCalls"), &GraphFilter::collapseCalls);
}

} // namespace uops::views
