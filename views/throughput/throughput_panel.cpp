#include "views/throughput/throughput_panel.h"

#include "views/jobs/wait_for_job.h"
#include "views/session/session.h"
#include "views/throughput/throughput_model.h"
#include "views/throughput/throughput_text.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <numeric>

namespace uops::views {

ThroughputPanel::ThroughputPanel(Session& session, ThroughputAnalyzer analyze, QWidget* parent)
    : QWidget(parent), m_session(session), m_analyze(std::move(analyze)), m_status(new QLabel(this)),
      m_loop(new QComboBox(this)), m_summary(new QLabel(this)), m_prediction(new QLabel(this)),
      m_ports(new QTableWidget(0, 2, this)), m_table(new QTableView(this)), m_model(new ThroughputModel(this)) {
  m_status->setObjectName(QStringLiteral("throughputStatus"));
  m_loop->setObjectName(QStringLiteral("throughputLoop"));
  m_summary->setObjectName(QStringLiteral("throughputSummary"));
  m_prediction->setObjectName(QStringLiteral("throughputPrediction"));
  m_ports->setObjectName(QStringLiteral("throughputPorts"));
  m_table->setObjectName(QStringLiteral("throughputInstructions"));
  for (QLabel* label : {m_status, m_summary, m_prediction}) {
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  m_ports->setHorizontalHeaderLabels({QStringLiteral("port"), QStringLiteral("cycles per iteration")});
  m_ports->horizontalHeader()->setStretchLastSection(true);
  m_ports->verticalHeader()->hide();
  m_ports->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  // compact rows: the instruction table below gets the dock's height
  for (QTableView* table : {static_cast<QTableView*>(m_ports), m_table})
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 4);
  m_ports->setMaximumHeight(6 * (m_ports->fontMetrics().height() + 4));
  m_table->setModel(m_model);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_status);
  layout->addWidget(m_loop);
  layout->addWidget(m_summary);
  layout->addWidget(m_prediction);
  layout->addWidget(m_ports);
  layout->addWidget(m_table, 1);
  connect(&m_session, &Session::stageSelected, this, &ThroughputPanel::refresh);
  connect(&m_session, &Session::programLowered, this, &ThroughputPanel::refresh);
  connect(&m_session, &Session::ran, this, &ThroughputPanel::showPrediction);
  connect(m_loop, &QComboBox::currentIndexChanged, this, &ThroughputPanel::showLoop);
  refresh();
}

ThroughputPanel::~ThroughputPanel() = default;

void ThroughputPanel::waitForAnalysis() { waitForJob(m_job); }

void ThroughputPanel::clearFigures(const QString& status) {
  m_shown.reset();
  m_status->setText(status);
  m_status->setVisible(!status.isEmpty());
  const QSignalBlocker blocker(m_loop);
  m_loop->clear();
  m_summary->clear();
  m_prediction->clear();
  m_ports->setRowCount(0);
  m_model->setLoop({});
}

void ThroughputPanel::refresh() {
  m_job.cancel();
  const LoweredKernel* kernel = m_session.renderedKernel();
  if (!kernel) {
    clearFigures(QStringLiteral("Select a kernel's stage: the throughput model analyzes its machine code."));
    return;
  }
  if (!kernel->target.hostCode) {
    clearFigures(QStringLiteral("No throughput model: kernel %1 is lowered for %2, and LLVM's machine-code "
                                "analyzer models the host CPU only. Choose CPU as the target device.")
                     .arg(QString::fromStdString(kernel->name.text), QString::fromStdString(kernel->target.device)));
    return;
  }
  clearFigures(QStringLiteral("Modelling %1's innermost loops with LLVM's MCA...")
                   .arg(QString::fromStdString(kernel->name.text)));
  m_job.start(
      [analyze = m_analyze, kernel = *kernel](const std::atomic<bool>&) -> Result {
        try {
          return {analyze(kernel), {}};
        } catch (const std::exception& e) {
          return {std::nullopt, QString::fromStdString(e.what())};
        }
      },
      [this](Result result) { show(std::move(result)); });
}

void ThroughputPanel::show(Result result) {
  if (!result.model) {
    clearFigures(QStringLiteral("No throughput model: %1").arg(result.error));
    return;
  }
  clearFigures({});
  m_shown = std::move(result.model);
  {
    const QSignalBlocker blocker(m_loop);
    for (size_t i = 0; i < m_shown->loops.size(); ++i) m_loop->addItem(loopLabel(*m_shown, i));
    m_loop->setCurrentIndex(static_cast<int>(m_shown->hotLoop()));
  }
  showLoop(m_loop->currentIndex());
  showPrediction();
}

void ThroughputPanel::showLoop(int loop) {
  if (!m_shown || loop < 0 || static_cast<size_t>(loop) >= m_shown->loops.size()) return;
  const LoopThroughput& l = m_shown->loops[static_cast<size_t>(loop)];
  m_summary->setText(loopSummary(*m_shown, static_cast<size_t>(loop)));
  // the busiest ports first; idle ones left out
  std::vector<size_t> order(l.ports.size());
  std::iota(order.begin(), order.end(), 0);
  std::erase_if(order, [&](size_t p) { return l.portCycles[p] <= 0; });
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return l.portCycles[a] > l.portCycles[b]; });
  m_ports->setRowCount(static_cast<int>(order.size()));
  for (size_t row = 0; row < order.size(); ++row) {
    m_ports->setItem(static_cast<int>(row), 0, new QTableWidgetItem(QString::fromStdString(l.ports[order[row]])));
    auto* cycles = new QTableWidgetItem(QString::number(l.portCycles[order[row]], 'f', 2));
    cycles->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_ports->setItem(static_cast<int>(row), 1, cycles);
  }
  m_model->setLoop(l);
  m_table->resizeColumnsToContents();
}

void ThroughputPanel::showPrediction() {
  if (!m_shown) return;
  double measured = -1;
  const auto& run = m_session.lastRun();
  if (run && run->error.isEmpty() && run->device.startsWith(QStringLiteral("CPU")))
    for (const KernelTimes& k : run->kernels)
      if (k.name == m_shown->kernel) {
        measured = k.medianMs();
        break;
      }
  m_prediction->setText(predictionSummary(*m_shown, measured));
}

} // namespace uops::views
