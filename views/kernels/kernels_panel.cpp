#include "views/kernels/kernels_panel.h"

#include "core/ir/axis_type.h"
#include "core/opt/kernel_ranges.h"
#include "views/session/session.h"

#include <QHeaderView>
#include <QLabel>

#include <fmt/format.h>

namespace uops::views {

QString coloredKernelName(const std::string& text, const std::string& letters) {
  QStringList parts = QString::fromStdString(text).split(QLatin1Char('_'));
  QString html = parts.value(0);
  for (int i = 1; i < parts.size(); ++i) {
    auto type = axisTypeFromLetter(static_cast<size_t>(i - 1) < letters.size() ? letters[static_cast<size_t>(i - 1)] : 'L');
    uint32_t color = type ? axisTypeColor(*type) : 0x616161;
    html += QStringLiteral("_<span style='color:#%1;font-weight:bold'>%2</span>")
                .arg(color, 6, 16, QLatin1Char('0'))
                .arg(parts[i]);
  }
  return html;
}

KernelsPanel::KernelsPanel(Session& session, QWidget* parent) : QTableWidget(parent), m_session(session) {
  setObjectName(QStringLiteral("kernelsPanel"));
  setColumnCount(6);
  setHorizontalHeaderLabels({QStringLiteral("#"), QStringLiteral("kernel"), QStringLiteral("ranges"),
                             QStringLiteral("OptOps"), QStringLiteral("median ms"), QStringLiteral("in schedules")});
  horizontalHeaderItem(5)->setToolTip(
      QStringLiteral("with one schedule lowered: the realization points whose schedules have this same kernel"));
  horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
  verticalHeader()->hide();
  connect(&m_session, &Session::programLowered, this, &KernelsPanel::rebuild);
  connect(&m_session, &Session::ran, this, &KernelsPanel::rebuild);
}

void KernelsPanel::rebuild() {
  clearContents();
  const PipelineRun* run = m_session.run();
  setRowCount(run ? static_cast<int>(run->kernels.size()) : 0);
  if (!run) return;
  const auto& times = m_session.lastRun();
  for (size_t i = 0; i < run->kernels.size(); ++i) {
    const LoweredKernel& k = run->kernels[i];
    int row = static_cast<int>(i);
    setItem(row, 0, new QTableWidgetItem(QStringLiteral("#%1").arg(i))); // kernelLabel's number
    auto* label = new QLabel(coloredKernelName(run->kernelName(i), k.name.letters));
    label->setTextFormat(Qt::RichText);
    setCellWidget(row, 1, label);
    QString ranges;
    for (size_t r = 0; r < k.name.types.size(); ++r)
      ranges += QStringLiteral("%1%2 ").arg(QString::fromUtf8(axisTypeName(k.name.types[r]).data())).arg(k.name.sizes[r]);
    setItem(row, 2, new QTableWidgetItem(ranges.trimmed()));
    setItem(row, 3, new QTableWidgetItem(k.opts.empty() ? QStringLiteral("(none)") : QString::fromStdString(formatOpts(k.opts))));
    if (times && i < times->kernels.size())
      setItem(row, 4, new QTableWidgetItem(QString::number(times->kernels[i].medianMs(), 'f', 4)));
    const QStringList& shared = m_session.lowered().kernelSchedules;
    if (i < static_cast<size_t>(shared.size())) setItem(row, 5, new QTableWidgetItem(shared[static_cast<qsizetype>(i)]));
  }
  resizeColumnsToContents();
}

} // namespace uops::views
