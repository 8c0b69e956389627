#include "app/uopscope/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>

namespace uops::views {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_graph(new GraphView(this)), m_program(new ProgramPanel(m_session, this)),
      m_stages(new StagesPanel(m_session, this)), m_rewrites(new RewritesPanel(m_session, this)), m_kernels(new KernelsPanel(m_session, this)),
      m_code(new CodePanel(m_session, this)), m_optimize(new OptimizePanel(m_session, this)), m_run(new RunPanel(m_session, this)) {
  setWindowTitle(QStringLiteral("UOpScope"));
  setCentralWidget(m_graph);
  dock(QStringLiteral("Program"), m_program, Qt::LeftDockWidgetArea);
  QDockWidget* stages = dock(QStringLiteral("Stages"), m_stages, Qt::LeftDockWidgetArea);
  QDockWidget* rewrites = dock(QStringLiteral("Rewrites"), m_rewrites, Qt::LeftDockWidgetArea);
  tabifyDockWidget(stages, rewrites);
  stages->raise();
  QDockWidget* code = dock(QStringLiteral("Code"), m_code, Qt::RightDockWidgetArea);
  QDockWidget* optimize = dock(QStringLiteral("Optimize"), m_optimize, Qt::RightDockWidgetArea);
  tabifyDockWidget(code, optimize);
  code->raise();
  QDockWidget* kernels = dock(QStringLiteral("Kernels"), m_kernels, Qt::BottomDockWidgetArea);
  QDockWidget* run = dock(QStringLiteral("Run"), m_run, Qt::BottomDockWidgetArea);
  tabifyDockWidget(kernels, run);
  kernels->raise();
  resizeDocks({kernels}, {230}, Qt::Vertical);
  resizeDocks({m_docks[QStringLiteral("program")], m_docks[QStringLiteral("code")]}, {380, 420}, Qt::Horizontal);
  buildMenus();
  connect(&m_session, &Session::layoutReady, m_graph, [this](const GraphLayout& layout) {
    m_graph->showLayout(layout);
    if (const UOp* h = m_session.highlighted()) m_graph->select(m_graph->indexOf(h));
    statusBar()->showMessage(QStringLiteral("%1 nodes laid out in %2 ms").arg(layout.nodes.size()).arg(layout.layoutMs, 0, 'f', 1));
  });
  connect(&m_session, &Session::programLowered, this, [this] {
    if (!m_session.lowered().error.isEmpty()) m_graph->clearGraph(m_session.lowered().error);
  });
  connect(&m_session, &Session::busyChanged, this, [this](bool busy) {
    if (busy) statusBar()->showMessage(QStringLiteral("working..."));
    else if (statusBar()->currentMessage() == QStringLiteral("working...")) statusBar()->clearMessage();
  });
  QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

QDockWidget* MainWindow::dock(const QString& title, QWidget* content, Qt::DockWidgetArea area) {
  auto* d = new QDockWidget(title, this);
  d->setObjectName(title + QStringLiteral("Dock"));
  d->setWidget(content);
  addDockWidget(area, d);
  m_docks[title.toLower()] = d;
  return d;
}

bool MainWindow::showView(const QString& name) {
  if (name.compare(QStringLiteral("graph"), Qt::CaseInsensitive) == 0) return true;
  auto it = m_docks.find(name.toLower());
  if (it == m_docks.end()) return false;
  it->second->show();
  it->second->raise();
  return true;
}

void MainWindow::openFile(const QString& path) {
  if (!m_session.loadFile(path)) statusBar()->showMessage(QStringLiteral("cannot open %1").arg(path));
  else setWindowTitle(QStringLiteral("UOpScope — %1").arg(path));
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
  file->addAction(QStringLiteral("&Open..."), QKeySequence::Open, this, [this] {
    QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open a tensor program"), QString(),
                                                QStringLiteral("Tensor programs (*.py)"));
    if (!path.isEmpty()) openFile(path);
  });
  QMenu* examples = file->addMenu(QStringLiteral("&Examples"));
  QDir dir(QStringLiteral(UOPSCOPE_EXAMPLES_DIR));
  for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
    examples->addAction(name, this, [this, path = dir.filePath(name)] { openFile(path); });
  file->addAction(QStringLiteral("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
  view->addAction(QStringLiteral("Next stage"), QKeySequence(Qt::CTRL | Qt::Key_Down), this, [this] { m_stages->step(1); });
  view->addAction(QStringLiteral("Previous stage"), QKeySequence(Qt::CTRL | Qt::Key_Up), this, [this] { m_stages->step(-1); });
  view->addAction(QStringLiteral("Fit graph"), QKeySequence(Qt::CTRL | Qt::Key_0), m_graph, &GraphView::fit);
  QMenu* run = menuBar()->addMenu(QStringLiteral("&Run"));
  run->addAction(QStringLiteral("Run on CPU"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] {
    showView(QStringLiteral("run"));
    m_session.runOnCpu(5);
  });
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings.setValue(QStringLiteral("window/state"), saveState());
  event->accept();
}

} // namespace uops::views
