#include "views/stages/stages_model.h"

#include "views/common/doc_tooltip.h"
#include "views/jobs/work_pool.h"

#include <algorithm>
#include <utility>

#include "core/docs/stage_doc.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/pipeline_runner.h"

#include <QColor>

namespace uops::views {

// A top-level row carries 0 as internal id, a kernel's row its group's row + 1.

void StagesModel::setRun(std::shared_ptr<const PipelineRun> run) {
  beginResetModel();
  releaseOnWorkPool(std::exchange(m_run, std::move(run))); // an old program's graphs free off the GUI thread
  m_rows.clear();
  m_rewrites.clear();
  const size_t records = m_run ? m_run->stages.size() : 0;
  for (size_t i = 0; i < records; ++i) {
    const StageRecord& r = m_run->stages[i];
    size_t rewrites = 0;
    for (const TraceStep& s : r.steps) rewrites += s.rewrites.size();
    m_rewrites.push_back(rewrites);
    const int record = static_cast<int>(i);
    if (r.kernel.empty()) {
      m_rows.push_back({r.stage, record, {}});
      continue;
    }
    if (m_byKernel) {
      // one group per kernel, in kernel order, after the whole-program rows
      const std::string label = kernelLabel(r.kernelIndex, r.kernel);
      auto group = std::find_if(m_rows.begin(), m_rows.end(), [&](const Row& g) { return g.record < 0 && g.stage == label; });
      if (group == m_rows.end()) group = m_rows.insert(m_rows.end(), Row{label, -1, {}});
      group->kernels.push_back(record);
      continue;
    }
    // a stage's kernel records are together (the runner records stage by stage)
    if (m_rows.empty() || m_rows.back().record >= 0 || m_rows.back().stage != r.stage) m_rows.push_back({r.stage, -1, {}});
    m_rows.back().kernels.push_back(record);
  }
  endResetModel();
  m_where.assign(records, QModelIndex());
  for (size_t row = 0; row < m_rows.size(); ++row) {
    const Row& r = m_rows[row];
    if (r.record >= 0) m_where[static_cast<size_t>(r.record)] = index(static_cast<int>(row), 0);
    for (size_t k = 0; k < r.kernels.size(); ++k)
      m_where[static_cast<size_t>(r.kernels[k])] = index(static_cast<int>(k), 0, index(static_cast<int>(row), 0));
  }
}

void StagesModel::setByKernel(bool byKernel) {
  if (byKernel == m_byKernel) return;
  m_byKernel = byKernel;
  setRun(m_run);
}

QModelIndex StagesModel::indexOfRecord(int record) const {
  return record >= 0 && static_cast<size_t>(record) < m_where.size() ? m_where[static_cast<size_t>(record)]
                                                                     : QModelIndex();
}

int StagesModel::recordOf(const QModelIndex& i) const {
  if (!i.isValid()) return -1;
  if (i.internalId() == 0) return m_rows[static_cast<size_t>(i.row())].record;
  return m_rows[i.internalId() - 1].kernels[static_cast<size_t>(i.row())];
}

QModelIndex StagesModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount || row >= rowCount(parent)) return {};
  return parent.isValid() ? createIndex(row, column, static_cast<quintptr>(parent.row()) + 1)
                          : createIndex(row, column, quintptr{0});
}

QModelIndex StagesModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == 0) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr{0});
}

int StagesModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(m_rows.size());
  if (parent.internalId() != 0 || parent.column() != 0) return 0;
  return static_cast<int>(m_rows[static_cast<size_t>(parent.row())].kernels.size());
}

int StagesModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant StagesModel::data(const QModelIndex& i, int role) const {
  if (!i.isValid() || !m_run) return {};
  const int record = recordOf(i);
  if (role == kRecordRole) return record;
  if (role == Qt::ToolTipRole && i.column() == Stage) return toolTip(i, record);
  if (record < 0) // a group
    return role == Qt::DisplayRole && i.column() == Stage
               ? QString::fromStdString(m_rows[static_cast<size_t>(i.row())].stage)
               : QVariant();
  const StageRecord& r = m_run->stages[static_cast<size_t>(record)];
  if (role == Qt::ForegroundRole && i.column() == Stage && r.failed()) return QColor(0xC62828);
  if (role != Qt::DisplayRole) return {};
  if (i.column() == Rewrites) return QString::number(m_rewrites[static_cast<size_t>(record)]);
  return QString::fromStdString(r.kernel.empty() || m_byKernel ? r.stage : kernelLabel(r.kernelIndex, r.kernel));
}

// A stage row: what the stage does; a kernel row: its name explained.
QString StagesModel::toolTip(const QModelIndex& i, int record) const {
  const Row* group = record < 0 ? &m_rows[static_cast<size_t>(i.row())] : nullptr;
  const int any = group ? (group->kernels.empty() ? -1 : group->kernels.front()) : record;
  const StageRecord* r = any >= 0 ? &m_run->stages[static_cast<size_t>(any)] : nullptr;
  const bool showsKernel = r && !r->kernel.empty() && (group ? m_byKernel : !m_byKernel);
  if (!showsKernel) {
    const std::string& stage = group ? group->stage : r->stage;
    return QString::fromUtf8(docs::stageDoc(stage).data(), static_cast<qsizetype>(docs::stageDoc(stage).size()));
  }
  return kernelToolTip(*m_run, r->kernelIndex);
}

QVariant StagesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const names[] = {"stage / kernel", "rewrites"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace uops::views
