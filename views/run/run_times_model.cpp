#include "views/run/run_times_model.h"

#include "core/opt/kernel_ranges.h"
#include "views/common/time_text.h"

namespace uops::views {

void RunTimesModel::setRun(std::shared_ptr<const DeviceRunResult> run) {
  beginResetModel();
  m_run = std::move(run);
  endResetModel();
}

int RunTimesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_run ? 0 : static_cast<int>(m_run->kernels.size());
}

int RunTimesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RunTimesModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_run || index.row() >= rowCount()) return {};
  if (role == Qt::TextAlignmentRole && index.column() != Kernel)
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  const auto i = static_cast<size_t>(index.row());
  const KernelTimes& k = m_run->kernels[i];
  const bool rates = i < m_run->work.size() && k.medianMs() > 0;
  const double seconds = k.medianMs() / 1e3;
  switch (index.column()) {
  case Kernel: return QString::fromStdString(kernelLabel(i, k.name));
  case MinMs: return timeText(k.minMs());
  case MedianMs: return timeText(k.medianMs());
  case Gflops: return rates ? QString::number(m_run->work[i].flops / seconds / 1e9, 'f', 3) : QString();
  case GBps: return rates ? QString::number(m_run->work[i].bytes / seconds / 1e9, 'f', 3) : QString();
  default: return {};
  }
}

QVariant RunTimesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const names[] = {"kernel", "min", "median", "GFLOPS", "GB/s"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace uops::views
