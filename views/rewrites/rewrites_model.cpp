#include "views/rewrites/rewrites_model.h"

#include "views/jobs/work_pool.h"

#include <utility>

#include "core/pipeline/pipeline_runner.h"

#include <QFileInfo>

namespace uops::views {
namespace {

// A pass's rows carry 0 as internal id, a rewrite's its pass's row + 1.
quintptr passId(int row) {
  return static_cast<quintptr>(row) + 1;
}

} // namespace

void RewritesModel::setStage(std::shared_ptr<const PipelineRun> run, int record) {
  beginResetModel();
  releaseOnWorkPool(std::exchange(m_run, std::move(run))); // an old program's graphs free off the GUI thread
  m_record = m_run && record >= 0 && static_cast<size_t>(record) < m_run->stages.size()
                 ? &m_run->stages[static_cast<size_t>(record)]
                 : nullptr;
  m_passes.clear();
  m_before.clear();
  if (m_record) {
    size_t before = 0;
    for (size_t s = 0; s < m_record->steps.size(); ++s) {
      if (m_record->steps[s].snapshot) continue;
      m_passes.push_back(s);
      m_before.push_back(before);
      before += m_record->steps[s].rewrites.size();
    }
  }
  endResetModel();
}

QModelIndex RewritesModel::rewriteIndex(int n) const {
  if (n < 0) return {};
  auto left = static_cast<size_t>(n);
  for (size_t row = 0; row < m_passes.size(); ++row) {
    const size_t size = m_record->steps[m_passes[row]].rewrites.size();
    if (left < size) return index(static_cast<int>(left), 0, index(static_cast<int>(row), 0));
    left -= size;
  }
  return {};
}

int RewritesModel::rewriteNumber(const QModelIndex& i) const {
  if (!i.isValid() || i.internalId() == 0) return -1;
  return static_cast<int>(m_before[i.internalId() - 1]) + i.row();
}

std::pair<int, int> RewritesModel::stepAndRewrite(const QModelIndex& i) const {
  if (!i.isValid() || i.internalId() == 0) return {-1, -1};
  return {static_cast<int>(m_passes[i.internalId() - 1]), i.row()};
}

QModelIndex RewritesModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount || row >= rowCount(parent)) return {};
  return parent.isValid() ? createIndex(row, column, passId(parent.row())) : createIndex(row, column, quintptr{0});
}

QModelIndex RewritesModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == 0) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr{0});
}

int RewritesModel::rowCount(const QModelIndex& parent) const {
  if (!m_record) return 0;
  if (!parent.isValid()) return static_cast<int>(m_passes.size());
  if (parent.internalId() != 0 || parent.column() != 0) return 0;
  return static_cast<int>(m_record->steps[m_passes[static_cast<size_t>(parent.row())]].rewrites.size());
}

int RewritesModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant RewritesModel::data(const QModelIndex& i, int role) const {
  if (!i.isValid() || !m_record || role != Qt::DisplayRole) return {};
  if (i.internalId() == 0) {
    const TraceStep& step = m_record->steps[m_passes[static_cast<size_t>(i.row())]];
    if (i.column() == Rule)
      return QString(2 * step.depth, QLatin1Char(' ')) + QString::fromStdString(step.name);
    if (i.column() == Change) return QStringLiteral("%1 rewrites").arg(step.rewrites.size());
    return QString();
  }
  const TraceStep& step = m_record->steps[m_passes[i.internalId() - 1]];
  const TraceRewrite& w = step.rewrites[static_cast<size_t>(i.row())];
  switch (i.column()) {
  case Rule: return QString::fromStdString(w.rule.name());
  case Change:
    return QStringLiteral("%1 -> %2")
        .arg(QString::fromUtf8(opName(w.matched->op()).data()),
             w.replacement ? QString::fromUtf8(opName(w.replacement->op()).data()) : QStringLiteral("error"));
  default:
    return QStringLiteral("%1:%2")
        .arg(QFileInfo(QString::fromUtf8(w.rule.location().file_name())).fileName())
        .arg(w.rule.location().line());
  }
}

QVariant RewritesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const names[] = {"pass / rule", "rewrite", "where"};
  return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace uops::views
