#include "views/memory/memory_panel.h"

#include "core/engine/memory_report_print.h"
#include "views/memory/buffer_chart.h"
#include "views/memory/register_chart.h"
#include "views/session/session.h"

#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace uops::views {
namespace {

QScrollArea* memoryPanelScroll(QWidget* content, QWidget* parent) {
  auto* scroll = new QScrollArea(parent);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

QString memoryPanelBytes(int64_t bytes) { return QString::fromStdString(formatByteCount(bytes)); }

} // namespace

MemoryPanel::MemoryPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_summary(new QLabel(this)), m_buffers(new BufferChart(this)),
      m_kernelTitle(new QLabel(this)), m_registers(new RegisterChart(this)) {
  setObjectName(QStringLiteral("memoryPanel"));
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // wrapped: a long line must not widen the window's middle at the docks' cost
  m_summary->setWordWrap(true);
  m_kernelTitle->setWordWrap(true);
  auto* kernelPart = new QWidget(this);
  auto* kernelLayout = new QVBoxLayout(kernelPart);
  kernelLayout->setContentsMargins(0, 0, 0, 0);
  kernelLayout->addWidget(m_kernelTitle);
  kernelLayout->addWidget(memoryPanelScroll(m_registers, kernelPart), 1);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(memoryPanelScroll(m_buffers, split));
  split->addWidget(kernelPart);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_summary);
  layout->addWidget(split, 1);
  connect(&m_session, &Session::programLowered, this, &MemoryPanel::rebuild);
  connect(&m_session, &Session::stageSelected, this, &MemoryPanel::follow);
  connect(m_buffers, &BufferChart::kernelClicked, this, &MemoryPanel::selectKernel);
  rebuild();
}

QString MemoryPanel::summary() const { return m_summary->text(); }

QString MemoryPanel::kernelTitle() const { return m_kernelTitle->text(); }

void MemoryPanel::rebuild() {
  const PipelineRun* run = m_session.run();
  m_buffers->setMemory(run ? scheduleMemory(*run) : ScheduleMemory{});
  m_registers->setRegisters({});
  m_kernelTitle->setText(QStringLiteral("Registers: choose a kernel (click its column)"));
  const ScheduleMemory& m = m_buffers->memory();
  if (m.items.empty()) {
    m_summary->setText(run ? QStringLiteral("no schedule: the program did not get past Rangeify") : QString());
    return;
  }
  m_summary->setText(
      QStringLiteral("%1 items, %2 buffers; peak %3 at %4; intermediates: %5 planned in %6 slots, %7 one buffer each")
          .arg(m.items.size())
          .arg(m.buffers.size())
          .arg(memoryPanelBytes(m.peakBytes()), QString::fromStdString(m.items[m.peak].label),
               memoryPanelBytes(m.plannedBytes))
          .arg(m.storageBytes.size())
          .arg(memoryPanelBytes(m.naiveBytes)));
  follow(m_session.selectedStage());
}

void MemoryPanel::follow(int record) {
  const PipelineRun* run = m_session.run();
  if (!run || record < 0) return;
  const StageRecord& r = m_session.stageRecord(record);
  if (r.kernel.empty() || r.kernelIndex >= run->kernels.size()) return;
  const ScheduleMemory& m = m_buffers->memory();
  for (size_t i = 0; i < m.items.size(); ++i)
    if (m.items[i].kernel == static_cast<int64_t>(r.kernelIndex)) m_buffers->setSelectedItem(static_cast<int>(i));
  KernelRegisters regs = kernelRegisters(*run, r.kernelIndex);
  // uopc memory --kernel's first line
  const std::string text = formatKernelRegisters(regs);
  m_kernelTitle->setText(QString::fromStdString(text.substr(0, text.find('\n'))));
  m_registers->setRegisters(std::move(regs));
}

void MemoryPanel::selectKernel(int kernel) {
  int record = m_session.findStage(QStringLiteral("Register/Memory Plan"), kernel);
  if (record < 0) record = m_session.findStage(QStringLiteral("Optimize"), kernel); // a kernel that failed early
  if (record >= 0) m_session.selectStage(record);
}

} // namespace uops::views
