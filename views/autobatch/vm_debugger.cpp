#include "views/autobatch/vm_debugger.h"

#include "views/autobatch/read_only_cell.h"

#include "core/engine/device_registry.h"
#include "views/kernel_text/rendered_source.h"
#include "views/graph/graph_view.h"
#include "views/kernel_text/machine_code.h"
#include "views/jobs/wait_for_job.h"
#include "views/jobs/work_pool.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace uops::views {
namespace {

using autobatch::Allocation;

// The variables the debugger shows: every one with storage, the program counter first.
std::vector<std::string> shownVariables(const autobatch::Program& p) {
  std::vector<std::string> out{autobatch::kProgramCounter};
  for (const auto& [name, alloc] : p.varAlloc)
    if (alloc != Allocation::Null && name != autobatch::kProgramCounter) out.push_back(name);
  return out;
}

} // namespace

VmDebugger::VmDebugger(QWidget* parent)
    : QWidget(parent), m_step(new QPushButton(QStringLiteral("Step"), this)),
      m_run(new QPushButton(QStringLiteral("Run to breakpoint"), this)),
      m_restart(new QPushButton(QStringLiteral("Restart"), this)), m_breakBlock(new QComboBox(this)),
      m_breakLine(new QSpinBox(this)), m_status(new QLabel(this)), m_tabs(new QTabWidget(this)) {
  setObjectName(QStringLiteral("vmDebugger"));
  m_step->setToolTip(QStringLiteral("run the next block on the members at it"));
  m_run->setToolTip(QStringLiteral("step until the breakpoint's block (or a block of its line) runs next, or every "
                                   "member halted"));
  m_breakLine->setSpecialValueText(QStringLiteral("any line"));
  m_breakLine->setPrefix(QStringLiteral("line "));
  m_breakLine->setRange(0, 100000);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* controls = new QHBoxLayout;
  controls->addWidget(m_step);
  controls->addWidget(m_run);
  controls->addWidget(m_restart);
  controls->addSpacing(12);
  controls->addWidget(new QLabel(QStringLiteral("Break at:"), this));
  controls->addWidget(m_breakBlock, 1);
  controls->addWidget(m_breakLine);
  m_tabs->addTab(membersTab(), QStringLiteral("Members"));
  m_blocks = new QTableWidget(this);
  m_blocks->setObjectName(QStringLiteral("vmBlocks"));
  m_blocks->setColumnCount(6);
  m_blocks->setHorizontalHeaderLabels({QStringLiteral("block"), QStringLiteral("function"), QStringLiteral("line"),
                                       QStringLiteral("members here"), QStringLiteral("runs"),
                                       QStringLiteral("active per run")});
  m_blocks->verticalHeader()->hide();
  m_blocks->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_tabs->addTab(m_blocks, QStringLiteral("Blocks"));
  m_tabs->addTab(kernelsTab(), QStringLiteral("Kernels"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(controls);
  layout->addWidget(m_status);
  layout->addWidget(m_tabs, 1);

  connect(m_step, &QPushButton::clicked, this, [this] { step(); });
  connect(m_run, &QPushButton::clicked, this, [this] { runToBreakpoint(); });
  connect(m_restart, &QPushButton::clicked, this, [this] { restart(); });
  connect(m_breakBlock, &QComboBox::currentIndexChanged, this,
          [this](int i) { m_breakAtBlock = i - 1; }); // item 0 is "no block"
  connect(m_breakLine, &QSpinBox::valueChanged, this, [this](int line) { m_breakAtLine = line; });
  connect(m_members->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            if (current.isValid() && current.row() != m_member) {
              m_member = current.row();
              refreshStacks();
            }
          });
  connect(m_kernelList, &QListWidget::currentRowChanged, this, [this](int row) { showKernel(row); });
  clear(QStringLiteral("load a program with an @autobatch call to debug its VM"));
}

VmDebugger::~VmDebugger() = default; // the compile job's destructor waits for a compile in flight

QWidget* VmDebugger::membersTab() {
  auto* split = new QSplitter(Qt::Horizontal, this);
  m_membersModel = new VmMembersModel(this);
  m_members = new QTableView(split);
  m_members->setModel(m_membersModel);
  m_members->setObjectName(QStringLiteral("vmMembers"));
  m_members->verticalHeader()->hide();
  m_members->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_members->setSelectionMode(QAbstractItemView::SingleSelection);
  m_stacks = new QTreeWidget(split);
  m_stacks->setObjectName(QStringLiteral("vmStacks"));
  m_stacks->setHeaderLabels({QStringLiteral("stack"), QStringLiteral("value")});
  split->addWidget(m_members);
  split->addWidget(m_stacks);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  return split;
}

QWidget* VmDebugger::kernelsTab() {
  auto* split = new QSplitter(Qt::Horizontal, this);
  m_kernelList = new QListWidget(split);
  m_kernelList->setObjectName(QStringLiteral("vmKernels"));
  m_kernelTabs = new QTabWidget(split);
  m_kernelGraph = new GraphView(m_kernelTabs);
  m_kernelSource = new QPlainTextEdit(m_kernelTabs);
  m_kernelIsa = new QPlainTextEdit(m_kernelTabs);
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  for (QPlainTextEdit* text : {m_kernelSource, m_kernelIsa}) {
    text->setReadOnly(true);
    text->setFont(mono);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
  }
  m_kernelTabs->addTab(m_kernelGraph, QStringLiteral("Graph"));
  m_kernelTabs->addTab(m_kernelSource, QStringLiteral("Source"));
  m_kernelTabs->addTab(m_kernelIsa, QStringLiteral("ISA"));
  split->addWidget(m_kernelList);
  split->addWidget(m_kernelTabs);
  split->setStretchFactor(1, 3);
  return split;
}

void VmDebugger::setControlsEnabled(bool on) {
  for (QWidget* w : std::initializer_list<QWidget*>{m_step, m_run, m_restart}) w->setEnabled(on);
}

void VmDebugger::clear(const QString& message) {
  m_compiling.cancel(); // a compile in flight keeps its VM until it ends; its result is dropped
  m_vm.reset();
  m_call.reset();
  m_ready = false;
  m_failed = false;
  m_kernelsOf = -1;
  m_stepsShown = 0;
  m_status->setText(message);
  m_membersModel->refresh(nullptr, -1);
  m_blocks->setRowCount(0);
  m_stacks->clear();
  m_kernelList->clear();
  m_breakBlock->clear();
  m_breakBlock->addItem(QStringLiteral("no block"));
  setControlsEnabled(false);
}

void VmDebugger::load(std::shared_ptr<const autobatch::AutobatchCall> call, const QString& device) {
  clear(QStringLiteral("compiling %1's blocks for %2...").arg(QString::fromStdString(call->function), device));
  m_call = std::move(call);
  m_device = device;
  try {
    Device& d = openDevice(device.toStdString());
    m_vm = std::make_shared<autobatch::VirtualMachine>(m_call->passes.back().program, d, m_call->batch,
                                                       autobatch::VmOptions{.stackDepth = m_call->stackDepth});
  } catch (const std::exception& e) {
    fail(QString::fromStdString(e.what()));
    return;
  }
  for (const autobatch::Block& b : m_vm->blocks())
    m_breakBlock->addItem(QString::fromStdString(b.label) +
                          (b.loc.line > 0 ? QStringLiteral("  (line %1)").arg(b.loc.line) : QString()));
  m_member = 0;
  m_compiling.start(
      [vm = m_vm](const std::atomic<bool>&) -> QString {
        try {
          vm->compile();
          return {};
        } catch (const std::exception& e) {
          return QString::fromStdString(e.what());
        }
      },
      [this](const QString& error) {
        if (!error.isEmpty()) {
          fail(error);
          return;
        }
        restart();
        m_ready = true;
        Q_EMIT ready();
      });
}

void VmDebugger::waitForReady() { waitForJob(m_compiling); }

void VmDebugger::fail(const QString& message) {
  m_failed = true;
  m_status->setText(QStringLiteral("<span style='color:#C62828'>%1</span>").arg(message.toHtmlEscaped()));
  setControlsEnabled(m_vm != nullptr && m_ready);
  m_step->setEnabled(false);
  m_run->setEnabled(false);
}

int VmDebugger::nextBlock() const {
  return m_vm ? m_vm->nextBlock() : -1;
}

void VmDebugger::restart() {
  if (!m_vm) return;
  m_failed = false;
  try {
    m_vm->start(m_call->inputs);
  } catch (const std::exception& e) {
    fail(QString::fromStdString(e.what()));
    return;
  }
  setControlsEnabled(true);
  refresh();
}

bool VmDebugger::step() {
  if (!m_vm || !m_ready || m_failed) return false;
  bool more = false;
  try {
    more = m_vm->step();
  } catch (const std::exception& e) {
    fail(QString::fromStdString(e.what()));
    return false;
  }
  refresh();
  return more;
}

int VmDebugger::runToBreakpoint() {
  if (!m_vm || !m_ready || m_failed) return 0;
  int steps = 0;
  try {
    while (m_vm->step()) {
      ++steps;
      int next = nextBlock();
      if (next >= static_cast<int>(m_vm->blocks().size())) break;
      if (next == m_breakAtBlock) break;
      if (m_breakAtLine > 0 && m_vm->blocks()[static_cast<size_t>(next)].loc.line == m_breakAtLine) break;
    }
  } catch (const std::exception& e) {
    fail(QString::fromStdString(e.what()));
    return steps;
  }
  refresh();
  return steps;
}

void VmDebugger::setBreakpoint(int block, int line) {
  m_breakBlock->setCurrentIndex(block + 1);
  m_breakLine->setValue(line);
  m_breakAtBlock = block;
  m_breakAtLine = line;
}

void VmDebugger::selectMember(int member) {
  if (member < 0 || member >= m_membersModel->rowCount()) return;
  m_members->setCurrentIndex(m_membersModel->index(member, 0));
  m_member = member;
  refreshStacks();
}

void VmDebugger::refresh() {
  int next = nextBlock();
  const std::vector<autobatch::Block>& blocks = m_vm->blocks();
  bool halted = next >= static_cast<int>(blocks.size());
  int line = halted ? 0 : blocks[static_cast<size_t>(next)].loc.line;
  int64_t here = 0;
  for (int32_t pc : m_vm->programCounters()) here += pc == next;
  const autobatch::VmStats& stats = m_vm->stats();
  QString where = halted ? QStringLiteral("every member halted")
                         : QStringLiteral("next: <b>%1</b>%2, %3 of %4 members")
                               .arg(QString::fromStdString(blocks[static_cast<size_t>(next)].label).toHtmlEscaped())
                               .arg(line > 0 ? QStringLiteral(" (line %1)").arg(line) : QString())
                               .arg(here)
                               .arg(m_call->batch);
  m_status->setText(QStringLiteral("%1 (batch %2) on %3 · step %4 · %5 · stack high-water %6 of %7")
                        .arg(QString::fromStdString(m_call->function).toHtmlEscaped())
                        .arg(m_call->batch)
                        .arg(m_device)
                        .arg(stats.steps)
                        .arg(where)
                        .arg(stats.stackHighWater)
                        .arg(m_call->stackDepth));
  m_step->setEnabled(!halted);
  m_run->setEnabled(!halted);
  m_membersModel->refresh(m_vm.get(), next);
  if (m_stepsShown++ == 0) m_members->resizeColumnsToContents();
  refreshBlocks(next);
  refreshStacks();
  refreshKernels(next);
  Q_EMIT positionChanged(next, line);
}

void VmDebugger::refreshBlocks(int next) {
  const std::vector<autobatch::Block>& blocks = m_vm->blocks();
  const autobatch::VmStats& stats = m_vm->stats();
  std::vector<int64_t> here(blocks.size() + 1, 0);
  for (int32_t pc : m_vm->programCounters()) ++here[static_cast<size_t>(pc)];
  m_blocks->setRowCount(static_cast<int>(blocks.size()));
  for (size_t k = 0; k < blocks.size(); ++k) {
    const autobatch::Block& b = blocks[k];
    int row = static_cast<int>(k);
    int64_t runs = stats.executions[k];
    m_blocks->setItem(row, 0, readOnlyCell(QString::fromStdString(b.label)));
    m_blocks->setItem(row, 1, readOnlyCell(QString::fromStdString(b.function)));
    m_blocks->setItem(row, 2, readOnlyCell(b.loc.line > 0 ? QString::number(b.loc.line) : QString()));
    m_blocks->setItem(row, 3, readOnlyCell(here[k] ? QString::number(here[k]) : QString()));
    m_blocks->setItem(row, 4, readOnlyCell(QString::number(runs)));
    m_blocks->setItem(row, 5, readOnlyCell(runs ? QString::number(static_cast<double>(stats.activeMembers[k]) / static_cast<double>(runs), 'f', 1)
                                        : QString()));
    if (static_cast<int>(k) == next)
      for (int c = 0; c < m_blocks->columnCount(); ++c) m_blocks->item(row, c)->setBackground(VmMembersModel::kActive);
  }
  m_blocks->resizeColumnsToContents();
}

void VmDebugger::refreshStacks() {
  m_stacks->clear();
  if (!m_vm || m_member >= m_call->batch) return;
  for (const std::string& name : shownVariables(m_vm->program())) {
    if (m_vm->program().varAlloc.at(name) != Allocation::Full) continue;
    HostTensor frames = m_vm->stackValues(name, m_member);
    int64_t depth = frames.shape()[0];
    auto* top = new QTreeWidgetItem(m_stacks, {QString::fromStdString(name),
                                               QStringLiteral("depth %1, top %2")
                                                   .arg(depth)
                                                   .arg(name == autobatch::kProgramCounter
                                                            ? blockName(static_cast<int>(m_vm->value(name).getInt(m_member)))
                                                            : memberValueText(m_vm->value(name), m_member))});
    for (int64_t f = depth - 1; f >= 0; --f)
      new QTreeWidgetItem(top, {QStringLiteral("frame %1").arg(f), name == autobatch::kProgramCounter
                                                                        ? blockName(static_cast<int>(frames.getInt(f)))
                                                                        : memberValueText(frames, f)});
  }
  m_stacks->expandAll();
  m_stacks->resizeColumnToContents(0);
}

QString VmDebugger::blockName(int block) const {
  const std::vector<autobatch::Block>& blocks = m_vm->blocks();
  if (block < 0 || block >= static_cast<int>(blocks.size())) return QStringLiteral("halt");
  return QString::fromStdString(blocks[static_cast<size_t>(block)].label);
}

void VmDebugger::refreshKernels(int next) {
  if (next == m_kernelsOf) return;
  m_kernelsOf = next;
  m_kernelList->clear();
  m_kernelGraph->clearGraph(QStringLiteral("choose a kernel"));
  m_kernelSource->clear();
  m_kernelIsa->clear();
  if (next >= static_cast<int>(m_vm->blocks().size())) return;
  for (const LoweredKernel& k : m_vm->kernels(next)) m_kernelList->addItem(QString::fromStdString(k.name.text));
  if (m_kernelList->count() == 0)
    m_kernelGraph->clearGraph(m_vm->kernels(next).empty() && m_device == QStringLiteral("REF")
                                  ? QStringLiteral("REF evaluates blocks without kernels")
                                  : QStringLiteral("this block does host work only (copies, pushes, pops, jumps)"));
  else m_kernelList->setCurrentRow(0);
}

void VmDebugger::showKernel(int index) {
  if (index < 0 || m_kernelsOf < 0) return;
  std::vector<LoweredKernel> kernels = m_vm->kernels(m_kernelsOf);
  if (index >= static_cast<int>(kernels.size())) return;
  const LoweredKernel& k = kernels[static_cast<size_t>(index)];
  m_kernelGraph->showLayout(layoutGraph(k.ast));
  m_kernelGraph->fit();
  m_kernelSource->setPlainText(QString::fromStdString(renderedSource(k).text));
  m_kernelIsa->setPlainText(machineCode(k));
}

} // namespace uops::views
