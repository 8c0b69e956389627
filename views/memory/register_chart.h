// A kernel's registers over its linearized instructions: a row per REG
// buffer, x the instruction's position in the Linear, each bar its live range
// (first Store to last Load, extended over the loops it enters) in its slot's
// color; registers in one slot never overlap. Hovering a bar names the
// register, its slot and the instructions where it starts and ends.
#pragma once

#include "core/engine/memory_report.h"

#include <QWidget>

namespace uops::views {

class RegisterChart : public QWidget {
  Q_OBJECT

public:
  explicit RegisterChart(QWidget* parent = nullptr);
  void setRegisters(KernelRegisters registers);
  const KernelRegisters& registers() const { return m_registers; }

  int registerAt(QPoint p) const; // inside its bar; -1 where none
  QRect barRect(int reg) const;
  QString toolTipFor(int reg) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

private:
  double instructionWidth() const;
  int instructionX(size_t position) const;

  KernelRegisters m_registers;
};

} // namespace uops::views
