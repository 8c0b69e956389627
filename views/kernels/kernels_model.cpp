#include "views/kernels/kernels_model.h"

#include "views/jobs/work_pool.h"

#include <utility>

#include "core/ir/axis_type.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/pipeline_runner.h"
#include "views/kernels/kernels_panel.h"
#include "views/common/doc_tooltip.h"
#include "views/common/time_text.h"

namespace uops::views {

void KernelsModel::setSnapshot(std::shared_ptr<const PipelineRun> run, QStringList schedules,
                               std::vector<double> medianMs) {
  beginResetModel();
  releaseOnWorkPool(std::exchange(m_run, std::move(run))); // an old program's graphs free off the GUI thread
  m_schedules = std::move(schedules);
  m_medianMs = std::move(medianMs);
  endResetModel();
}

int KernelsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_run ? 0 : static_cast<int>(m_run->kernels.size());
}

int KernelsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant KernelsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_run || index.row() >= rowCount()) return {};
  const auto i = static_cast<size_t>(index.row());
  const LoweredKernel& k = m_run->kernels[i];
  if (role == kRichTextRole && index.column() == Kernel) return coloredKernelName(m_run->kernelName(i), k.name.letters);
  if (role == Qt::ToolTipRole && (index.column() == Kernel || index.column() == Ranges)) return kernelToolTip(*m_run, i);
  if (role == Qt::ToolTipRole && index.column() == Opts && !k.opts.empty()) {
    QString tip;
    for (const Opt& o : k.opts)
      if (const QString t = optOpToolTip(o.op); !tip.contains(t)) tip += t;
    return tip;
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
  case Number: return QStringLiteral("#%1").arg(i); // kernelLabel's number
  case Kernel: return QString::fromStdString(m_run->kernelName(i));
  case Ranges: {
    QStringList ranges;
    for (size_t r = 0; r < k.name.types.size(); ++r)
      ranges << QStringLiteral("%1%2").arg(QString::fromUtf8(axisTypeName(k.name.types[r]).data())).arg(k.name.sizes[r]);
    return ranges.join(QLatin1Char(' '));
  }
  case Opts: return k.opts.empty() ? QStringLiteral("(none)") : QString::fromStdString(formatOpts(k.opts));
  case Median: return i < m_medianMs.size() ? QVariant(timeText(m_medianMs[i])) : QVariant();
  case Schedules: return i < static_cast<size_t>(m_schedules.size()) ? QVariant(m_schedules[static_cast<qsizetype>(i)]) : QVariant();
  default: return {};
  }
}

QVariant KernelsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == Schedules)
    return QStringLiteral("with one schedule lowered: the realization points whose schedules have this same kernel");
  if (role != Qt::DisplayRole) return {};
  static const char* const names[] = {"#", "kernel", "ranges", "OptOps", "median", "in schedules"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace uops::views
