#include "views/stepper/kernel_stepper_panel.h"

#include "core/ir/text.h"
#include "core/pipeline/codegen.h"
#include "core/engine/linear_stepper.h"
#include "views/session/session.h"
#include "views/stepper/stepper_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace uops::views {
namespace {

constexpr size_t kStepsPerContinue = 1'000'000;

std::vector<HostTensor> sampleParams(const LoweredKernel& k) {
  std::vector<HostTensor> out;
  for (const KernelParam& p : k.params) {
    HostTensor t(p.dtype, Shape{p.size});
    for (int64_t i = 0; i < p.size && !p.written; ++i) {
      if (p.dtype.isFloat()) t.setDouble(i, std::sin(0.37 * static_cast<double>(i + p.slot)));
      else t.setInt(i, (i * 7 + p.slot) % 13 - 6);
    }
    out.push_back(std::move(t));
  }
  return out;
}

} // namespace

KernelStepperPanel::KernelStepperPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_model(new StepperModel(this)), m_table(new QTableView(this)),
      m_status(new QLabel(this)), m_stepButton(new QPushButton(QStringLiteral("Step"), this)),
      m_continueButton(new QPushButton(QStringLiteral("Continue"), this)),
      m_restartButton(new QPushButton(QStringLiteral("Restart"), this)), m_lanes(new QSpinBox(this)) {
  setObjectName(QStringLiteral("kernelStepper"));
  m_stepButton->setObjectName(QStringLiteral("stepButton"));
  m_stepButton->setShortcut(QKeySequence(Qt::Key_F10));
  m_stepButton->setToolTip(QStringLiteral("Run the next instruction (F10)"));
  m_continueButton->setToolTip(QStringLiteral("Run to the next breakpoint (double-click an instruction to set one)"));
  m_lanes->setObjectName(QStringLiteral("lanes"));
  m_lanes->setRange(1, kMaxLanes);
  m_lanes->setValue(m_wantedLanes);
  m_lanes->setPrefix(QStringLiteral("lanes: "));
  m_lanes->setToolTip(QStringLiteral("Work-items of a GPU kernel run together, a value column each (a CPU kernel has one)"));
  m_table->setModel(m_model);
  m_table->verticalHeader()->hide();
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->horizontalHeader()->setSectionResizeMode(StepperModel::Breakpoint, QHeaderView::Fixed);
  m_table->horizontalHeader()->resizeSection(StepperModel::Breakpoint, 18);
  m_table->horizontalHeader()->setSectionResizeMode(StepperModel::Number, QHeaderView::ResizeToContents);
  m_status->setWordWrap(true);
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {m_stepButton, m_continueButton, m_restartButton}) buttons->addWidget(b);
  buttons->addWidget(m_lanes);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(buttons);
  layout->addWidget(m_status);
  layout->addWidget(m_table, 1);
  connect(m_stepButton, &QPushButton::clicked, this, &KernelStepperPanel::step);
  connect(m_continueButton, &QPushButton::clicked, this, &KernelStepperPanel::continueToBreakpoint);
  connect(m_restartButton, &QPushButton::clicked, this, &KernelStepperPanel::restart);
  connect(m_lanes, &QSpinBox::valueChanged, this, [this](int lanes) {
    m_wantedLanes = lanes;
    restart();
  });
  connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& i) { m_model->toggleBreakpoint(i.row()); });
  connect(&m_session, &Session::stageSelected, this, &KernelStepperPanel::load);
  connect(&m_session, &Session::programLowered, this, &KernelStepperPanel::load);
  load();
}

void KernelStepperPanel::load() {
  m_stale = !m_onScreen;
  if (!m_stale) {
    reload();
    return;
  }
  // off screen the kernel is stepped once shown; the last one's steps go now
  m_stepper.reset();
  m_model->setStepper(nullptr);
}

void KernelStepperPanel::setOnScreen(bool on) {
  m_onScreen = on;
  if (on && m_stale) load();
}

const LinearStepper* KernelStepperPanel::stepper() {
  if (m_stale) {
    m_stale = false;
    reload();
  }
  return m_stepper.get();
}

void KernelStepperPanel::reload() {
  m_stepper.reset();
  const LoweredKernel* k = m_session.selectedKernel();
  if (k && k->linear) {
    try {
      m_stepper = std::make_shared<LinearStepper>(k->linear, sampleParams(*k), m_wantedLanes);
    } catch (const StepperError& e) {
      m_status->setText(QString::fromStdString(e.what()));
    }
  }
  // numbered as the Linearize stage's graph is in the Graph view: one number for an instruction
  m_model->setStepper(m_stepper, m_stepper ? numberNodes(*k->linear) : NodeIds{});
  // one lane: the instruction takes the room; several: each lane's values are read in full
  QHeaderView* header = m_table->horizontalHeader();
  const bool lanes = m_stepper && m_stepper->lanes() > 1;
  header->setSectionResizeMode(StepperModel::Instruction, lanes ? QHeaderView::Interactive : QHeaderView::Stretch);
  if (lanes) header->resizeSection(StepperModel::Instruction, 170);
  for (int c = StepperModel::Value; c < m_model->columnCount(); ++c)
    header->setSectionResizeMode(c, lanes ? QHeaderView::ResizeToContents : QHeaderView::Interactive);
  for (QPushButton* b : {m_stepButton, m_continueButton, m_restartButton}) b->setEnabled(m_stepper != nullptr);
  m_lanes->setEnabled(m_stepper && m_stepper->workItems() > 1);
  {
    // the box offers what this kernel has; the choice is kept for the next kernel
    const QSignalBlocker quiet(m_lanes);
    m_lanes->setMaximum(m_stepper ? static_cast<int>(std::min<int64_t>(m_stepper->workItems(), kMaxLanes)) : kMaxLanes);
    m_lanes->setValue(m_stepper ? static_cast<int>(m_stepper->lanes()) : m_wantedLanes);
  }
  if (!m_stepper) {
    if (!k || !k->linear) m_status->setText(QStringLiteral("choose a kernel's stage to step through its instructions"));
    return;
  }
  afterSteps();
}

void KernelStepperPanel::afterSteps() {
  m_model->refresh();
  const size_t next = m_stepper->next();
  const int64_t lanes = m_stepper->lanes(), items = m_stepper->workItems();
  const QString ran = items == 1 ? QStringLiteral("the buffers hold the kernel's results")
                      : lanes == items
                          ? QStringLiteral("all %1 work-items ran: the buffers hold the kernel's results").arg(items)
                          : QStringLiteral("work-items 0 to %1 of %2 ran (more lanes run more of them)").arg(lanes - 1).arg(items);
  m_status->setText(m_stepper->done()
                        ? QStringLiteral("done after %1 steps: %2").arg(m_stepper->steps()).arg(ran)
                        : QStringLiteral("next: ") + m_model->instructionName(next) +
                              QStringLiteral(" (instruction %1 of %2), %3 steps run on %4 lane(s) "
                                             "(inputs: sin(0.37 (i + slot)))")
                                  .arg(next + 1)
                                  .arg(m_stepper->instructions().size())
                                  .arg(m_stepper->steps())
                                  .arg(lanes));
  if (m_stepper->done()) return;
  m_table->selectRow(static_cast<int>(next));
  m_table->scrollTo(m_model->index(static_cast<int>(next), 0));
  m_session.selectNode(m_stepper->instructions()[next].get()); // its source line in the Code view
}

void KernelStepperPanel::step() {
  if (!stepper()) return;
  try {
    m_stepper->step();
  } catch (const StepperError& e) {
    m_status->setText(QString::fromStdString(e.what()));
    return;
  }
  afterSteps();
}

void KernelStepperPanel::continueToBreakpoint() {
  if (!stepper()) return;
  const std::vector<size_t> breakpoints(m_model->breakpoints().begin(), m_model->breakpoints().end());
  try {
    m_stepper->run(breakpoints, kStepsPerContinue);
  } catch (const StepperError& e) {
    m_status->setText(QString::fromStdString(e.what()));
    return;
  }
  afterSteps();
}

void KernelStepperPanel::restart() {
  const std::set<size_t> kept = m_model->breakpoints();
  m_stale = false;
  reload();
  for (size_t b : kept) m_model->toggleBreakpoint(static_cast<int>(b));
}

} // namespace uops::views
