#include "views/stepper/stepper_model.h"

#include "views/common/doc_tooltip.h"

#include "core/ir/text.h"
#include "core/engine/linear_stepper.h"

#include <QColor>
#include <QFont>
#include <QStringList>

namespace uops::views {

void StepperModel::setStepper(std::shared_ptr<const LinearStepper> stepper, NodeIds numbers) {
  beginResetModel();
  m_stepper = std::move(stepper);
  m_number = std::move(numbers);
  m_breakpoints.clear();
  endResetModel();
}

QString StepperModel::numberText(const UOp* u) const {
  auto it = m_number.find(u);
  return it == m_number.end() ? QStringLiteral("?") : QStringLiteral("%%1").arg(it->second);
}

QString StepperModel::instructionName(size_t row) const {
  const UOp& u = *m_stepper->instructions().at(row);
  const std::string_view op = opName(u.op());
  return numberText(&u) + QLatin1Char(' ') +
         QString::fromUtf8(op.data(), static_cast<qsizetype>(op.size()));
}

void StepperModel::refresh() {
  if (rowCount() > 0) {
    Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    Q_EMIT headerDataChanged(Qt::Horizontal, Value, columnCount() - 1); // lanes waiting or not
  }
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

int StepperModel::columnCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;
  return Value + (m_stepper ? static_cast<int>(m_stepper->lanes()) : 1);
}

QVariant StepperModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || !m_stepper || index.row() >= rowCount()) return {};
  const auto i = static_cast<size_t>(index.row());
  if (role == Qt::FontRole && i == m_stepper->next()) {
    QFont bold;
    bold.setBold(true);
    return bold;
  }
  const int64_t lane = index.column() - Value;
  if (role == Qt::ForegroundRole && lane >= 0 && !m_stepper->active(lane)) return QColor(Qt::gray);
  if (role == Qt::ToolTipRole && lane >= 0) { // the value in full
    auto v = m_stepper->value(i, lane);
    return v ? QString::fromStdString(*v) : QString();
  }
  if (role == Qt::ToolTipRole && index.column() == Instruction) return opDocToolTip(m_stepper->instructions()[i]->op());
  if (role != Qt::DisplayRole) return {};
  const UOp& u = *m_stepper->instructions()[i];
  switch (index.column()) {
  case Breakpoint: return m_breakpoints.contains(i) ? QStringLiteral("●") : QString();
  case Number: return numberText(&u);
  case Instruction: {
    QStringList sources;
    for (const UOpPtr& s : u.src())
      sources << numberText(s.get());
    return QStringLiteral("%1(%2) %3")
        .arg(QString::fromUtf8(opName(u.op()).data()), sources.join(QStringLiteral(", ")),
             QString::fromStdString(toString(u.dtype())));
  }
  default: {
    auto v = m_stepper->value(i, lane);
    if (!v) return QString();
    // a float to 7 significant digits, so several lanes fit side by side
    const QString text = QString::fromStdString(*v);
    bool number = false;
    const double d = text.toDouble(&number);
    return number && text.size() > 9 ? QString::number(d, 'g', 7) : text;
  }
  }
}

QVariant StepperModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
  const int64_t lane = section - Value;
  if (role == Qt::ToolTipRole && lane >= 0 && m_stepper)
    return QStringLiteral("work-item %1 (%2)%3")
        .arg(lane)
        .arg(QString::fromStdString(m_stepper->laneName(lane)),
             m_stepper->active(lane) ? QString() : QStringLiteral(", waiting for the other lanes"));
  if (role != Qt::DisplayRole) return {};
  static const char* const names[] = {"", "#", "instruction"};
  if (lane < 0) return QString::fromUtf8(names[section]);
  // a CPU kernel's one lane is just its value; a GPU kernel's lanes are named by their indices
  if (!m_stepper || m_stepper->workItems() == 1) return QStringLiteral("value");
  return QString::fromStdString(m_stepper->laneName(lane)).replace(QLatin1Char(' '), QLatin1Char('\n'));
}

} // namespace uops::views
