// The Run view's table model: per kernel of a run, in launch order, its name,
// minimum and median time, and GFLOPS and GB/s at the median (from the work
// core/engine/kernel_flops.h counts), over its own copy of the run's result, so the table
// never reads a run the Session has since replaced.
#pragma once

#include "views/kernel_text/device_run.h"

#include <QAbstractTableModel>

#include <memory>

namespace uops::views {

class RunTimesModel : public QAbstractTableModel {
  Q_OBJECT

public:
  enum Column { Kernel, MinMs, MedianMs, Gflops, GBps, ColumnCount };
  using QAbstractTableModel::QAbstractTableModel;

  void setRun(std::shared_ptr<const DeviceRunResult> run); // null: no rows

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  std::shared_ptr<const DeviceRunResult> m_run;
};

} // namespace uops::views
