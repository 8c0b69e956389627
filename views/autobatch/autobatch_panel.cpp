#include "views/autobatch/autobatch_panel.h"

#include "views/autobatch/cfg_layout.h"
#include "views/autobatch/read_only_cell.h"
#include "views/autobatch/vm_debugger.h"
#include "views/graph/graph_view.h"
#include "views/session/session.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace uops::views {
namespace {

const QColor kAllocationColor[] = {QColor(0xEEEEEE), QColor(0xE3F2FD), QColor(0xC8E6C9), QColor(0xFFCC80)};

} // namespace

AutobatchPanel::AutobatchPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_callCombo(new QComboBox(this)), m_passCombo(new QComboBox(this)),
      m_ranAtLoad(new QLabel(this)), m_cfg(new GraphView(this)), m_variables(new QTableWidget(this)), m_debugger(new VmDebugger(this)) {
  setObjectName(QStringLiteral("autobatchPanel"));
  m_cfg->setObjectName(QStringLiteral("cfgView"));
  m_variables->setObjectName(QStringLiteral("cfgVariables"));
  m_ranAtLoad->setObjectName(QStringLiteral("ranAtLoad"));
  m_ranAtLoad->setTextInteractionFlags(Qt::TextSelectableByMouse);
  for (const std::string& pass : autobatch::passNames()) m_passCombo->addItem(QString::fromStdString(pass));
  m_passCombo->setCurrentIndex(m_passCombo->count() - 1);
  m_variables->setColumnCount(3);
  m_variables->setHorizontalHeaderLabels({QStringLiteral("variable"), QStringLiteral("type"), QStringLiteral("allocation")});
  m_variables->verticalHeader()->hide();
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(QStringLiteral("Call:"), this));
  top->addWidget(m_callCombo, 2);
  top->addWidget(new QLabel(QStringLiteral("  Program after:"), this));
  top->addWidget(m_passCombo, 1);
  // the graph and its variables above, the debugger below
  auto* program = new QSplitter(Qt::Horizontal, this);
  program->addWidget(m_cfg);
  program->addWidget(m_variables);
  program->setStretchFactor(0, 3);
  program->setStretchFactor(1, 1);
  program->setSizes({3000, 1000}); // in proportion: the variables table's size hint took the graph's room
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(program);
  split->addWidget(m_debugger);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);
  split->setSizes({1000, 1000});
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(top);
  layout->addWidget(m_ranAtLoad);
  layout->addWidget(split, 1);

  connect(&m_session, &Session::programLowered, this, &AutobatchPanel::showCalls);
  connect(m_callCombo, &QComboBox::activated, this, &AutobatchPanel::chooseCall);
  connect(m_passCombo, &QComboBox::activated, this, &AutobatchPanel::choosePass);
  connect(m_debugger, &VmDebugger::positionChanged, this, [this](int block) { markNext(block); });
  m_cfg->clearGraph(QStringLiteral("the program makes no @autobatch call"));
}

// After the layout has given the graph its new size.
void AutobatchPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  QTimer::singleShot(0, m_cfg, &GraphView::fit);
}

void AutobatchPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  QTimer::singleShot(0, m_cfg, &GraphView::fit);
}

const autobatch::AutobatchCall* AutobatchPanel::call() const {
  return m_call >= 0 ? m_calls[static_cast<size_t>(m_call)].get() : nullptr;
}

void AutobatchPanel::showCalls() {
  m_calls.clear();
  m_summaries.clear();
  m_ranAtLoad->clear();
  m_callCombo->clear();
  for (const program::LoadTimeRun& run : m_session.lowered().loadTimeRuns) {
    if (!autobatch::autobatchCall(run)) continue;
    m_calls.push_back(std::static_pointer_cast<const autobatch::AutobatchCall>(run.detail));
    m_summaries.push_back(QStringLiteral("Ran at load: ") + QString::fromStdString(run.summary));
    const autobatch::AutobatchCall& c = *m_calls.back();
    m_callCombo->addItem(QStringLiteral("%1: %2 (batch %3)").arg(m_calls.size()).arg(QString::fromStdString(c.function)).arg(c.batch));
  }
  m_call = -1;
  if (m_calls.empty()) {
    m_nodeLabels.clear();
    m_cfg->clearGraph(QStringLiteral("the program makes no @autobatch call"));
    m_variables->setRowCount(0);
    m_debugger->clear(QStringLiteral("load a program with an @autobatch call to debug its VM"));
    return;
  }
  chooseCall(0);
}

void AutobatchPanel::chooseCall(int index) {
  if (index < 0 || index >= callCount()) return;
  m_call = index;
  m_callCombo->setCurrentIndex(index);
  m_ranAtLoad->setText(m_summaries[static_cast<size_t>(index)]);
  showProgram();
  m_debugger->load(m_calls[static_cast<size_t>(index)], m_session.device());
}

void AutobatchPanel::choosePass(int index) {
  if (index < 0 || index >= m_passCombo->count()) return;
  m_passCombo->setCurrentIndex(index);
  showProgram();
  if (m_debugger->isReady()) markNext(m_debugger->nextBlock());
}

void AutobatchPanel::showProgram() {
  const autobatch::AutobatchCall* c = call();
  if (!c) return;
  size_t pass = static_cast<size_t>(std::min<int>(m_passCombo->currentIndex(), static_cast<int>(c->passes.size()) - 1));
  const autobatch::Program& p = c->passes[pass].program;
  GraphLayout layout = layoutCfg(p);
  m_nodeLabels.clear();
  for (int b : cfgBlocks(p)) m_nodeLabels.push_back(p.pool.at(static_cast<size_t>(b)).label);
  m_cfg->showLayout(layout);
  m_cfg->fit();
  m_cfg->setCaption(QStringLiteral("%1 after %2: %3 blocks")
                        .arg(QString::fromStdString(c->function), QString::fromStdString(c->passes[pass].stage))
                        .arg(layout.nodes.size()));
  std::set<std::string> names = p.variables();
  for (const auto& [name, alloc] : p.varAlloc) names.insert(name);
  m_variables->setRowCount(static_cast<int>(names.size()));
  int row = 0;
  for (const std::string& name : names) {
    auto def = p.varDefs.find(name);
    auto alloc = p.varAlloc.find(name);
    m_variables->setItem(row, 0, readOnlyCell(QString::fromStdString(name)));
    m_variables->setItem(row, 1, readOnlyCell(def == p.varDefs.end() ? QStringLiteral("?") : QString::fromStdString(autobatch::typeText(def->second))));
    m_variables->setItem(row, 2, readOnlyCell(alloc == p.varAlloc.end() ? QStringLiteral("not yet allocated")
                                                               : QString::fromLatin1(autobatch::allocationName(alloc->second))));
    if (alloc != p.varAlloc.end())
      for (int c2 = 0; c2 < 3; ++c2) m_variables->item(row, c2)->setBackground(kAllocationColor[static_cast<int>(alloc->second)]);
    ++row;
  }
  m_variables->resizeColumnsToContents();
}

void AutobatchPanel::markNext(int block) {
  const autobatch::AutobatchCall* c = call();
  const autobatch::VirtualMachine* vm = m_debugger->vm();
  if (!c || !vm || m_passCombo->currentIndex() != m_passCombo->count() - 1) return;
  if (block < 0 || block >= static_cast<int>(vm->blocks().size())) {
    m_cfg->select(-1);
    return;
  }
  const std::string& label = vm->blocks()[static_cast<size_t>(block)].label;
  for (size_t i = 0; i < m_nodeLabels.size(); ++i)
    if (m_nodeLabels[i] == label) m_cfg->select(static_cast<int>(i));
}

} // namespace uops::views
