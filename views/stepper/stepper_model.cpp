#include "views/stepper/stepper_model.h"

#include "core/ir/text.h"
#include "core/pipeline/linear_stepper.h"

#include <QFont>
#include <QStringList>

namespace uops::views {

void StepperModel::setStepper(std::shared_ptr<const LinearStepper> stepper) {
  beginResetModel();
  m_stepper = std::move(stepper);
  m_number.clear();
  m_breakpoints.clear();
  if (m_stepper)
    for (size_t i = 0; i < m_stepper->instructions().size(); ++i) m_number.emplace(m_stepper->instructions()[i].get(), i);
  endResetModel();
}

void StepperModel::refresh() {
  if (rowCount() > 0) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void StepperModel::toggleBreakpoint(int row) {
  if (row < 0 || row >= rowCount()) return;
  const auto i = static_cast<size_t>(row);
  if (!m_breakpoints.erase(i)) m_breakpoints.insert(i);
  Q_EMIT dataChanged(index(row, Breakpoint), index(row, Breakpoint));
}

int StepperModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !m_stepper ? 0 : static_cast<int>(m_stepper->instructions().size());
}

int StepperModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant StepperModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_stepper || index.row() >= rowCount()) return {};
  const auto i = static_cast<size_t>(index.row());
  if (role == Qt::FontRole && i == m_stepper->next()) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  if (role != Qt::DisplayRole) return {};
  const UOp& u = *m_stepper->instructions()[i];
  switch (index.column()) {
  case Breakpoint: return m_breakpoints.contains(i) ? QStringLiteral("●") : QString();
  case Number: return QStringLiteral("%%1").arg(i);
  case Instruction: {
    QStringList sources;
    for (const UOpPtr& s : u.src()) {
      auto it = m_number.find(s.get());
      sources << (it == m_number.end() ? QStringLiteral("?") : QStringLiteral("%%1").arg(it->second));
    }
    return QStringLiteral("%1(%2) %3")
        .arg(QString::fromUtf8(opName(u.op()).data()), sources.join(QStringLiteral(", ")),
             QString::fromStdString(toString(u.dtype())));
  }
  case Value: {
    auto v = m_stepper->value(i);
    return v ? QString::fromStdString(*v) : QString();
  }
  default: return {};
  }
}

QVariant StepperModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* const names[] = {"", "#", "instruction", "value"};
  return section >= 0 && section < ColumnCount ? QString::fromUtf8(names[section]) : QVariant();
}

} // namespace uops::views
