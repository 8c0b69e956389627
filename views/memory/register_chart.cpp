#include "views/memory/register_chart.h"

#include "core/engine/memory_report_print.h"
#include "views/memory/memory_colors.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace uops::views {
namespace {

constexpr int kRegisterLabels = 150, kRegisterAxis = 22, kRegisterRow = 22;
constexpr size_t kRegisterTick = 10;
constexpr double kRegisterMinStep = 4;

} // namespace

RegisterChart::RegisterChart(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("registerChart"));
  setMouseTracking(true);
}

void RegisterChart::setRegisters(KernelRegisters registers) {
  m_registers = std::move(registers);
  updateGeometry();
  update();
}

double RegisterChart::instructionWidth() const {
  const double n = std::max<double>(1, static_cast<double>(m_registers.instructions.size()));
  return std::max(kRegisterMinStep, (width() - kRegisterLabels - 8) / n);
}

int RegisterChart::instructionX(size_t position) const {
  return kRegisterLabels + static_cast<int>(static_cast<double>(position) * instructionWidth());
}

QSize RegisterChart::sizeHint() const {
  const auto n = static_cast<double>(m_registers.instructions.size());
  return {kRegisterLabels + static_cast<int>(n * kRegisterMinStep) + 8,
          kRegisterAxis + std::max<int>(1, static_cast<int>(m_registers.registers.size())) * kRegisterRow + 8};
}

QSize RegisterChart::minimumSizeHint() const { return sizeHint(); }

QRect RegisterChart::barRect(int reg) const {
  const KernelRegister& r = m_registers.registers.at(static_cast<size_t>(reg));
  const int x0 = instructionX(r.first), x1 = instructionX(r.last + 1);
  return {x0, kRegisterAxis + reg * kRegisterRow + 3, std::max(2, x1 - x0), kRegisterRow - 6};
}

int RegisterChart::registerAt(QPoint p) const {
  for (int r = 0; r < static_cast<int>(m_registers.registers.size()); ++r)
    if (barRect(r).contains(p)) return r;
  return -1;
}

QString RegisterChart::toolTipFor(int reg) const {
  const KernelRegister& r = m_registers.registers.at(static_cast<size_t>(reg));
  return QStringLiteral("reg%1: %2 x %3 in slot %4\nlive from %5 (%6) to %7 (%8)")
      .arg(r.buffer)
      .arg(QString::fromStdString(formatElementType(r.dtype)))
      .arg(r.size)
      .arg(r.slot)
      .arg(r.first)
      .arg(QString::fromStdString(m_registers.instructions.at(r.first)))
      .arg(r.last)
      .arg(QString::fromStdString(m_registers.instructions.at(r.last)));
}

void RegisterChart::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  if (m_registers.instructions.empty() || !m_registers.planned) {
    p.drawText(rect(), Qt::AlignCenter,
               m_registers.label.empty() ? QStringLiteral("choose a kernel: click its column above")
                                         : QStringLiteral("%1 did not reach the Register/Memory Plan")
                                               .arg(QString::fromStdString(m_registers.label)));
    return;
  }
  // instruction positions along the top, a tick every ten (or more: 50 pixels apart at least)
  p.setPen(palette().mid().color());
  const size_t n = m_registers.instructions.size();
  size_t tick = kRegisterTick;
  while (static_cast<double>(tick) * instructionWidth() < 50) tick *= 2;
  for (size_t i = 0; i <= n; i += tick) {
    const int x = instructionX(i);
    p.drawLine(x, kRegisterAxis - 4, x, height());
    p.drawText(QRect(x - 20, 0, 40, kRegisterAxis - 4), Qt::AlignCenter, QString::number(i));
  }
  if (m_registers.registers.empty()) {
    p.setPen(palette().text().color());
    p.drawText(QRect(4, kRegisterAxis, width() - 8, kRegisterRow), Qt::AlignVCenter | Qt::AlignLeft,
               QStringLiteral("no registers: the kernel keeps no accumulator"));
    return;
  }
  for (int r = 0; r < static_cast<int>(m_registers.registers.size()); ++r) {
    const KernelRegister& g = m_registers.registers[static_cast<size_t>(r)];
    p.setPen(palette().text().color());
    p.drawText(QRect(4, kRegisterAxis + r * kRegisterRow, kRegisterLabels - 8, kRegisterRow),
               Qt::AlignVCenter | Qt::AlignLeft,
               QStringLiteral("reg%1 %2 slot %3").arg(g.buffer).arg(QString::fromStdString(formatElementType(g.dtype))).arg(g.slot));
    p.setPen(slotColor(g.slot).darker(140));
    p.setBrush(slotColor(g.slot));
    p.drawRect(barRect(r));
  }
}

bool RegisterChart::event(QEvent* event) {
  if (event->type() != QEvent::ToolTip) return QWidget::event(event);
  auto* help = static_cast<QHelpEvent*>(event);
  const int reg = registerAt(help->pos());
  if (reg < 0) {
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  QToolTip::showText(help->globalPos(), toolTipFor(reg), this, barRect(reg));
  return true;
}

} // namespace uops::views
