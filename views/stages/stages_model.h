// The Stages view's model: Callify and Rangeify for the whole program, then
// each later stage as a group with one row per kernel ("#1 r_4_3_6"), or
// grouped by kernel, each kernel a group with one row per stage (following
// one kernel through its stages); with the rewrites each stage record made;
// over an immutable snapshot (the PipelineRun it holds). A failed record
// reads red.
#pragma once

#include <QAbstractItemModel>

#include <memory>
#include <string>
#include <vector>

namespace uops {
struct PipelineRun;
}

namespace uops::views {

class StagesModel : public QAbstractItemModel {
  Q_OBJECT

public:
  static constexpr int kRecordRole = Qt::UserRole + 1; // the stage record's index; -1 for a group
  enum Column { Stage, Rewrites, ColumnCount };
  using QAbstractItemModel::QAbstractItemModel;

  void setRun(std::shared_ptr<const PipelineRun> run); // null: nothing
  // Kernel stages grouped by kernel (kernel > stages) instead of by stage.
  void setByKernel(bool byKernel);
  bool byKernel() const { return m_byKernel; }
  // The row of stage record `record`, or an invalid index.
  QModelIndex indexOfRecord(int record) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  struct Row {
    std::string stage;        // a group's stage name, or its kernel's label by kernel
    int record = -1;          // a whole-program record; -1 for a group
    std::vector<int> kernels; // a group's records
  };
  int recordOf(const QModelIndex& index) const;
  QString toolTip(const QModelIndex& index, int record) const;

  std::shared_ptr<const PipelineRun> m_run;
  bool m_byKernel = false;
  std::vector<Row> m_rows;         // top level
  std::vector<size_t> m_rewrites;  // per record
  std::vector<QModelIndex> m_where; // per record: its row
};

} // namespace uops::views
