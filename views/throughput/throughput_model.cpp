#include "views/throughput/throughput_model.h"

namespace uops::views {

QString portCyclesText(const std::vector<std::string>& ports, const std::vector<double>& cycles) {
  QStringList parts;
  for (size_t p = 0; p < ports.size() && p < cycles.size(); ++p)
    if (cycles[p] > 0) parts << QStringLiteral("%1 %2").arg(QString::fromStdString(ports[p])).arg(cycles[p], 0, 'f', 2);
  return parts.join(QStringLiteral(", "));
}

void ThroughputModel::setLoop(LoopThroughput loop) {
  beginResetModel();
  m_loop = std::move(loop);
  endResetModel();
}

int ThroughputModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_loop.instructions.size());
}

int ThroughputModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : COLUMN_COUNT;
}

QVariant ThroughputModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const ThroughputInstruction& i = m_loop.instructions[static_cast<size_t>(index.row())];
  if (role == OffsetRole) return QVariant::fromValue<quint64>(i.offset);
  if (role == Qt::TextAlignmentRole)
    return index.column() == Instruction || index.column() == Ports ? QVariant()
                                                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (static_cast<Column>(index.column())) {
  case Offset: return QStringLiteral("%1").arg(i.offset, 0, 16);
  case MicroOps: return i.microOps;
  case Latency: return i.latency;
  case ReciprocalThroughput: return QString::number(i.reciprocalThroughput, 'f', 2);
  case Instruction: return QString::fromStdString(i.text);
  case Ports: return portCyclesText(m_loop.ports, i.portCycles);
  case COLUMN_COUNT: break;
  }
  return {};
}

QVariant ThroughputModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (static_cast<Column>(section)) {
  case Offset: return QStringLiteral("offset");
  case MicroOps: return QStringLiteral("uops");
  case Latency: return QStringLiteral("latency");
  case ReciprocalThroughput: return QStringLiteral("rthroughput");
  case Instruction: return QStringLiteral("instruction");
  case Ports: return QStringLiteral("ports (cycles per iteration)");
  case COLUMN_COUNT: break;
  }
  return {};
}

} // namespace uops::views
