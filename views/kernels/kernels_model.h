// The Kernels view's model: one row per kernel of a lowered program, over
// an immutable snapshot (the PipelineRun the Session lowered, which the model
// holds, and the median times of the last run), so the table never reads a
// program the Session has since replaced. Columns: #, kernel, ranges,
// OptOps, median ms, in schedules. The kernel column's DisplayRole is its
// name; kRichTextRole gives it with each size in its range's AxisType color.
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace uops {
struct PipelineRun;
}

namespace uops::views {

class KernelsModel : public QAbstractTableModel {
  Q_OBJECT

public:
  static constexpr int kRichTextRole = Qt::UserRole + 1;
  enum Column { Number, Kernel, Ranges, Opts, Median, Schedules, ColumnCount };

  using QAbstractTableModel::QAbstractTableModel;

  // A new snapshot: the run (null: none), each kernel's schedules (may be
  // shorter than the kernels), and median times per kernel (empty: not run).
  void setSnapshot(std::shared_ptr<const PipelineRun> run, QStringList schedules, std::vector<double> medianMs);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  std::shared_ptr<const PipelineRun> m_run;
  QStringList m_schedules;
  std::vector<double> m_medianMs;
};

} // namespace uops::views
