// The Rewrites view's model: the passes of one stage record and, under each,
// its rewrites in order (rule, "Range -> Add", source file:line), over an
// immutable snapshot (the PipelineRun it holds). Rows are made on demand, so
// a stage of 100,000 rewrites costs the view what it shows, not what it has.
#pragma once

#include <QAbstractItemModel>

#include <memory>
#include <utility>
#include <vector>

namespace uops {
struct PipelineRun;
struct StageRecord;
}

namespace uops::views {

class RewritesModel : public QAbstractItemModel {
  Q_OBJECT

public:
  enum Column { Rule, Change, Where, ColumnCount };
  using QAbstractItemModel::QAbstractItemModel;

  // Record `record` of `run` (null or -1: nothing).
  void setStage(std::shared_ptr<const PipelineRun> run, int record);
  // The n-th rewrite across the passes (0-based), or an invalid index.
  QModelIndex rewriteIndex(int n) const;
  // n for a rewrite's index, -1 for a pass or nothing.
  int rewriteNumber(const QModelIndex& index) const;
  // The step of the stage's trace and the rewrite within it; {-1, -1} for a pass.
  std::pair<int, int> stepAndRewrite(const QModelIndex& index) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  std::shared_ptr<const PipelineRun> m_run;
  const StageRecord* m_record = nullptr;
  std::vector<size_t> m_passes; // the steps shown (not snapshots), by row
  std::vector<size_t> m_before; // rewrites in the passes above each row
};

} // namespace uops::views
