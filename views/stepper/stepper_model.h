// The kernel step debugger's table: one row per instruction of the kernel's
// Linear (breakpoint, its number in the Linearize stage's graph as the Graph
// view and the Inspector show it, the instruction, then its value now in each
// lane: a column per work-item the stepper runs, headed by its indices), over
// the LinearStepper the panel drives; the next instruction's row is bold, a
// lane waiting at a false If or an ended loop is grey.
#pragma once

#include "core/ir/text.h"

#include <QAbstractTableModel>

#include <memory>
#include <set>

namespace uops {
class LinearStepper;
class UOp;
}

namespace uops::views {

class StepperModel : public QAbstractTableModel {
  Q_OBJECT

public:
  enum Column { Breakpoint, Number, Instruction, Value }; // Value + l: lane l's value
  using QAbstractTableModel::QAbstractTableModel;

  // null: no kernel; `numbers`: numberNodes of the Linear it steps, the graph
  // the Graph view numbers its nodes in
  void setStepper(std::shared_ptr<const LinearStepper> stepper, NodeIds numbers = {});
  // Instruction `row`'s node as the Graph view labels it: "%7 Const".
  QString instructionName(size_t row) const;
  // The values and the next instruction changed (after steps).
  void refresh();
  void toggleBreakpoint(int row);
  const std::set<size_t>& breakpoints() const { return m_breakpoints; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  std::shared_ptr<const LinearStepper> m_stepper;
  NodeIds m_number;
  QString numberText(const UOp* u) const; // "%7"; "?" for a node not numbered
  std::set<size_t> m_breakpoints;
};

} // namespace uops::views
