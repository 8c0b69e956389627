#include "app/uopscope/main_window.h"

#include "app/uopscope/activity_status.h"
#include "app/uopscope/examples_dir.h"

#include "backends/llvm/loop_throughput.h"
#include "views/autobatch/vm_debugger.h"
#include "views/memory/memory_panel.h"
#include "views/remarks/remarks_panel.h"
#include "views/run/roofline_view.h"
#include "views/throughput/throughput_panel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include <fmt/format.h>

#include <algorithm>

// the icon (uopscope.qrc) lives in this static library: ask for it by name
static void initWindowResources() {
  Q_INIT_RESOURCE(uopscope);
}

namespace uops::views {
namespace {

// The first local .py file among dropped URLs, or an empty string.
QString droppedProgram(const QMimeData* data) {
  for (const QUrl& url : data->urls())
    if (url.isLocalFile() && url.toLocalFile().endsWith(QStringLiteral(".py"))) return url.toLocalFile();
  return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_graph(new GraphView(this)), m_before(new GraphView(this)),
      m_find(new FindBar(m_graph, this)), m_inspector(new NodeInspector(this)),
      m_program(new ProgramPanel(m_session, this)), m_stages(new StagesPanel(m_session, this)),
      m_rewrites(new RewritesPanel(m_session, this)), m_kernels(new KernelsPanel(m_session, this)),
      m_code(new CodePanel(m_session, this)), m_optimize(new OptimizePanel(m_session, this)),
      m_run(new RunPanel(m_session, this)), m_autobatch(new AutobatchPanel(m_session, this)),
      m_diff(new DiffPanel(m_session, this)), m_whyNot(new WhyNotPanel(m_session, this)),
      m_stepper(new KernelStepperPanel(m_session, this)), m_start(new StartPage(this)) {
  initWindowResources();
  setWindowIcon(QIcon(QStringLiteral(":/icons/uopscope.svg")));
  m_prompts = dialogPrompts();
  showTitle({});
  setAcceptDrops(true);
  // the start page until a program is open, then the central views
  m_centerStack = new QStackedWidget(this);
  m_centerStack->addWidget(m_start);
  m_centerStack->addWidget(centralTabs());
  setCentralWidget(m_centerStack);
  connect(m_start, &StartPage::openRequested, this, [this](const QString& path) { openFile(path); });
  connect(&m_session, &Session::sourceChanged, this, [this] { m_centerStack->setCurrentIndex(1); });
  dock(QStringLiteral("Program"), m_program, Qt::LeftDockWidgetArea);
  QDockWidget* stages = dock(QStringLiteral("Stages"), m_stages, Qt::LeftDockWidgetArea);
  QDockWidget* rewrites = dock(QStringLiteral("Rewrites"), m_rewrites, Qt::LeftDockWidgetArea);
  tabifyDockWidget(stages, rewrites);
  stages->raise();
  QDockWidget* code = dock(QStringLiteral("Code"), m_code, Qt::RightDockWidgetArea);
  // scrolled: its form and chart must not make the window taller than a 768-line screen
  QDockWidget* optimize = dock(QStringLiteral("Optimize"), scrolled(m_optimize), Qt::RightDockWidgetArea);
  tabifyDockWidget(code, optimize);
  QDockWidget* step = dock(QStringLiteral("Step"), m_stepper, Qt::RightDockWidgetArea);
  tabifyDockWidget(code, step);
  tabifyDockWidget(code, dock(QStringLiteral("Throughput"), scrolled(new ThroughputPanel(m_session, analyzeKernelThroughput, this)), Qt::RightDockWidgetArea));
  connect(step, &QDockWidget::visibilityChanged, m_stepper, &KernelStepperPanel::setOnScreen);
  code->raise();
  // scrolled: its fields and lists must not make the window taller than the screen
  QScrollArea* inspectorScroll = scrolled(m_inspector);
  inspectorScroll->setMinimumHeight(150); // its first fields, as tall as the window allows
  QDockWidget* inspector = dock(QStringLiteral("Inspector"), inspectorScroll, Qt::RightDockWidgetArea);
  tabifyDockWidget(inspector, dock(QStringLiteral("Why not"), m_whyNot, Qt::RightDockWidgetArea));
  tabifyDockWidget(inspector, dock(QStringLiteral("Remarks"), new RemarksPanel(m_session, this), Qt::RightDockWidgetArea));
  inspector->raise();
  QDockWidget* kernels = dock(QStringLiteral("Kernels"), m_kernels, Qt::BottomDockWidgetArea);
  QDockWidget* run = dock(QStringLiteral("Run"), m_run, Qt::BottomDockWidgetArea);
  tabifyDockWidget(kernels, run);
  kernels->raise();
  fitDocks(QSize(1600, 1000));
  m_activity = new ActivityStatus(statusBar());
  connect(m_program, &ProgramPanel::modifiedChanged, this, &QWidget::setWindowModified);
  buildMenus();
  buildToolBar();
  connectGraph();
  connect(&m_session, &Session::programLowered, this, [this] {
    if (!m_session.lowered().error.isEmpty()) m_graph->clearGraph(m_session.lowered().error);
    else if (!m_session.run()) m_graph->clearGraph(QStringLiteral("loading %1...").arg(m_session.lowered().name));
    if (!m_session.run()) m_inspector->showNode(GraphLayout{}, -1);
    m_inspector->setVariableValues(m_session.variables());
    // a restored session's stage and views, after the Session has selected its first stage
    if (m_pendingView && (m_session.run() || !m_session.lowered().error.isEmpty()))
      QMetaObject::invokeMethod(
          this,
          [this] {
            if (!m_pendingView) return;
            SavedSession s = *m_pendingView;
            m_pendingView.reset();
            restoreViewState(s);
          },
          Qt::QueuedConnection);
  });
  connect(&m_session, &Session::busyChanged, this, [this](bool busy) {
    if (busy && !statusBar()->currentMessage().startsWith(QStringLiteral("Lowering")))
      statusBar()->showMessage(QStringLiteral("working... (Esc stops)"));
    else if (!busy) {
      if (statusBar()->currentMessage().startsWith(QStringLiteral("working")) ||
          statusBar()->currentMessage().startsWith(QStringLiteral("Lowering")) ||
          statusBar()->currentMessage().startsWith(QStringLiteral("Running ")))
        statusBar()->clearMessage();
      m_activity->finish();
    }
  });
  // the lowering in flight: its stage and kernel, with progress
  connect(&m_session, &Session::loweringProgress, this,
          [this](const QString& stage, const QString& kernel, int done, int total) {
            m_activity->report(loweringMessage(stage, kernel) + QStringLiteral(" (Esc stops)"), done, total);
          });
  connect(&m_session, &Session::workCancelled, this, [this] {
    m_activity->finish();
    statusBar()->showMessage(QStringLiteral("stopped"), 3000);
  });
  QSettings settings;
  m_session.setDevice(settings.value(QStringLiteral("explorer/device"), QStringLiteral("CPU")).toString());
  connect(&m_session, &Session::deviceChanged, this,
          [](const QString& device) { QSettings().setValue(QStringLiteral("explorer/device"), device); });
  m_start->fill(examplesDir(), m_recent->paths());
  restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::fitDocks(QSize window) {
  // the program's lines (~60 characters) and a kernel's IR beside the graph;
  // the kernel table and run times a third of the height below
  const int w = window.width(), h = window.height();
  resizeDocks({m_docks[QStringLiteral("program")], m_docks[QStringLiteral("code")]}, {w * 22 / 100, w * 34 / 100},
              Qt::Horizontal);
  resizeDocks({m_docks[QStringLiteral("kernels")]}, {h * 24 / 100}, Qt::Vertical);
  resizeDocks({m_docks[QStringLiteral("program")], m_docks[QStringLiteral("stages")]}, {h * 38 / 100, h * 42 / 100},
              Qt::Vertical);
  resizeDocks({m_docks[QStringLiteral("code")], m_docks[QStringLiteral("inspector")]}, {h * 50 / 100, h * 24 / 100},
              Qt::Vertical);
}

QScrollArea* MainWindow::scrolled(QWidget* content) {
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

bool MainWindow::showsStartPage() const { return m_centerStack->currentWidget() == m_start; }

QWidget* MainWindow::graphArea() {
  auto* area = new QWidget(this);
  m_split = new QSplitter(Qt::Horizontal, area);
  m_before->setObjectName(QStringLiteral("beforeGraphView"));
  m_before->hide();
  m_split->addWidget(m_before);
  m_split->addWidget(m_graph);
  auto* layout = new QVBoxLayout(area);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(m_find);
  layout->addWidget(m_split, 1);
  m_find->hide();
  return area;
}

QWidget* MainWindow::centralTabs() {
  m_center = new QTabWidget(this);
  m_center->setObjectName(QStringLiteral("centralTabs"));
  m_center->setDocumentMode(true);
  m_center->addTab(graphArea(), QStringLiteral("Graph"));
  m_center->addTab(m_autobatch, QStringLiteral("Autobatch"));
  m_center->addTab(m_run->roofline(), QStringLiteral("Roofline"));
  m_center->addTab(m_diff, QStringLiteral("Diff"));
  m_center->addTab(new MemoryPanel(m_session, this), QStringLiteral("Memory"));
  connect(&m_session, &Session::programLowered, this, [this] {
    int calls = m_autobatch->callCount();
    m_center->setTabText(1, calls ? QStringLiteral("Autobatch (%1)").arg(calls) : QStringLiteral("Autobatch"));
  });
  // the line of the block the VM runs next, marked in the program
  connect(m_autobatch->debugger(), &VmDebugger::positionChanged, m_program,
          [this](int, int line) { m_program->markRunningLine(line); });
  return m_center;
}

QProgressBar* MainWindow::layoutProgress() const { return m_activity->progress(); }

void MainWindow::connectGraph() {
  connect(&m_session.layouts(), &GraphLayouts::layoutProgress, this, [this](int percent) {
    if (percent < 100)
      m_activity->report({}, percent, 100);
    else
      m_activity->finish();
  });
  connect(&m_session.layouts(), &GraphLayouts::layoutReady, m_graph, [this](const GraphLayout& layout) {
    m_activity->finish();
    m_graph->showLayout(layout);
    m_inspector->showNode(layout, -1);
    if (const UOp* h = m_session.layouts().highlighted()) m_graph->select(m_graph->indexOf(h));
    if (!m_before->isHidden() && layout.engine == QStringLiteral("stable")) m_before->matchView(*m_graph);
    statusBar()->showMessage(QStringLiteral("%1 nodes (%2 hidden) laid out by %3 in %4 ms")
                                 .arg(layout.nodes.size())
                                 .arg(layout.hidden)
                                 .arg(layout.engine)
                                 .arg(layout.layoutMs, 0, 'f', 1));
  });
  connect(&m_session.layouts(), &GraphLayouts::beforeLayoutReady, m_before, [this](const GraphLayout& layout) {
    m_before->showLayout(layout);
    if (const UOp* m = m_session.layouts().matched()) m_before->select(m_before->indexOf(m));
  });
  connect(&m_session, &Session::stageSelected, m_before,
          [this] { m_before->clearGraph(QStringLiteral("choose a rewrite: the graph before it shows here")); });
  connect(&m_session, &Session::programLineSelected, this, [this](int line) {
    m_graph->markLine(line);
    m_before->markLine(line);
  });
  connect(&m_session, &Session::sourceChanged, m_inspector, [this] { m_inspector->setProgramText(m_session.source()); });
  connect(m_graph, &GraphView::nodeSelected, m_inspector,
          [this](int index) { m_inspector->showNode(m_graph->layout(), index); });
  // the selection goes through the Session, so the Code view marks the node's lines
  connect(m_graph, &GraphView::nodeSelected, &m_session, [this](int index) {
    const std::vector<LaidOutNode>& nodes = m_graph->layout().nodes;
    if (index >= 0 && index < static_cast<int>(nodes.size())) m_session.selectNode(nodes[static_cast<size_t>(index)].node);
  });
  connect(&m_session, &Session::nodeSelected, m_graph, [this](const UOp* node) {
    int index = node ? m_graph->indexOf(node) : -1;
    if (index >= 0 && index != m_graph->selected()) m_graph->selectAndCenter(index);
  });
  // a rewrite shown: its rule, source line and pattern over the graph
  connect(&m_session, &Session::rewriteShown, this, [this](int step, int k) {
    const TraceStep& s = m_session.stageRecord(m_session.selectedStage()).steps[static_cast<size_t>(step)];
    const TraceRewrite& rw = s.rewrites[static_cast<size_t>(k)];
    // a pass recorded as rewrites (substitute_step.h) has no pattern: what it swapped
    const std::string what = !s.rules.empty() ? rw.rule.pattern().toString()
                             : rw.replacement ? fmt::format("{} -> {}", opName(rw.matched->op()), opName(rw.replacement->op()))
                                              : std::string(opName(rw.matched->op()));
    m_rule = QStringLiteral("%1 (%2): %3")
                 .arg(QString::fromStdString(rw.rule.name()),
                      QString::fromStdString(rw.rule.locationText()), QString::fromStdString(what));
    showCaptions();
  });
  auto noRewrite = [this] { // another stage or program: no rewrite shown
    m_rule.clear();
    showCaptions();
  };
  connect(&m_session, &Session::stageSelected, this, noRewrite);
  connect(&m_session, &Session::programLowered, this, noRewrite);
  // a new program's realization points, shown as its load reaches them
  connect(&m_session, &Session::scheduleReached, this, [this](int point, const QString& label) {
    if (m_session.showsReached() && point == std::max(m_session.schedule(), 1))
      m_graph->setCaption(QStringLiteral("while the program loads: ") + label +
                          (m_session.reachedView().isEmpty()
                               ? QString()
                               : QStringLiteral("\n") + m_session.reachedView()));
  });
  connect(m_inspector, &NodeInspector::nodeChosen, m_graph,
          [this](const UOp* node) { m_graph->selectAndCenter(m_graph->indexOf(node)); });
}

void MainWindow::buildToolBar() {
  QToolBar* bar = addToolBar(QStringLiteral("Target"));
  bar->setObjectName(QStringLiteral("targetToolBar"));
  bar->addWidget(new QLabel(QStringLiteral(" Target device: "), bar));
  m_device = new DeviceCombo(m_session, bar);
  bar->addWidget(m_device);
  bar->addWidget(new QLabel(QStringLiteral("  Schedule: "), bar));
  m_schedule = new ScheduleCombo(m_session, bar);
  bar->addWidget(m_schedule);
}

void MainWindow::setCompare(bool on) {
  const bool appears = on && m_before->isHidden();
  m_before->setVisible(on);
  // half the width each: left to itself the splitter gives the pane that
  // appears its size hint, a sliver beside the graph
  if (appears) m_split->setSizes({m_split->width() / 2, m_split->width() - m_split->width() / 2});
  showCaptions();
  if (m_compare->isChecked() != on) m_compare->setChecked(on);
  m_session.layouts().setCompareRewrites(on);
}

void MainWindow::showCaptions() {
  const bool comparing = !m_before->isHidden();
  if (!m_rule.isEmpty()) {
    m_graph->setCaption((comparing ? QStringLiteral("after ") : QString()) + m_rule);
    m_before->setCaption(QStringLiteral("before ") + m_rule);
    return;
  }
  m_before->setCaption(QStringLiteral("before the rewrite"));
  m_graph->setCaption(comparing ? QStringLiteral("after the rewrite") : m_session.openingNote());
}

QDockWidget* MainWindow::dock(const QString& title, QWidget* content, Qt::DockWidgetArea area) {
  auto* d = new QDockWidget(title, this);
  d->setObjectName(title + QStringLiteral("Dock"));
  d->setWidget(content);
  addDockWidget(area, d, Qt::Vertical);
  m_docks[title.toLower().replace(QLatin1Char(' '), QLatin1Char('-'))] = d; // a view name: "why-not"
  return d;
}

const QStringList& MainWindow::centralViews() {
  static const QStringList names{QStringLiteral("graph"), QStringLiteral("autobatch"), QStringLiteral("roofline"),
                                 QStringLiteral("diff"), QStringLiteral("memory")};
  return names;
}

bool MainWindow::showView(const QString& name) {
  if (qsizetype tab = centralViews().indexOf(name.toLower()); tab >= 0) {
    m_center->setCurrentIndex(static_cast<int>(tab));
    return true;
  }
  auto it = m_docks.find(name.toLower());
  if (it == m_docks.end()) return false;
  it->second->show();
  it->second->raise();
  return true;
}

QStringList MainWindow::viewNames() const {
  QStringList names = centralViews();
  for (const auto& [name, dock] : m_docks) names << name;
  names.sort();
  return names;
}

void MainWindow::openFile(const QString& path) {
  if (!settleEdits()) return;
  if (path.endsWith(QStringLiteral(".uopscope"))) {
    QString error = openSession(path);
    if (!error.isEmpty()) statusBar()->showMessage(error);
    return;
  }
  m_pendingView.reset();
  if (!m_session.loadFile(path)) {
    statusBar()->showMessage(QStringLiteral("cannot open %1").arg(path));
    return;
  }
  showTitle(path);
  m_recent->add(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!droppedProgram(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  QString path = droppedProgram(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  openFile(path);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!settleEdits()) {
    event->ignore();
    return;
  }
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  settings.setValue(QStringLiteral("window/state"), saveState());
  event->accept();
}

} // namespace uops::views
