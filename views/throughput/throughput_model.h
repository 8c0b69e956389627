// The Throughput view's table: one row per instruction of the loop body MCA
// modelled, with its micro-ops, latency, reciprocal throughput and the ports
// it keeps busy per iteration.
#pragma once

#include "backends/llvm/loop_throughput.h"

#include <QAbstractTableModel>

namespace uops::views {

class ThroughputModel final : public QAbstractTableModel {
  Q_OBJECT

public:
  enum Column { Offset, MicroOps, Latency, ReciprocalThroughput, Instruction, Ports, COLUMN_COUNT };
  enum Role { OffsetRole = Qt::UserRole }; // the instruction's offset in the function (quint64)

  explicit ThroughputModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

  void setLoop(LoopThroughput loop);
  const LoopThroughput& loop() const { return m_loop; }

  int rowCount(const QModelIndex& parent = {}) const final;
  int columnCount(const QModelIndex& parent = {}) const final;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
  LoopThroughput m_loop;
};

// "Zn3FPU0 0.50, Zn3FPU1 0.50": the ports with cycles, two decimals.
QString portCyclesText(const std::vector<std::string>& ports, const std::vector<double>& cycles);

} // namespace uops::views
