#include "views/run/timeline_view.h"

#include "views/common/time_text.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace uops::views {
namespace {

constexpr int kLane = 24;   // lane height
constexpr int kLabel = 72;  // lane name column
constexpr int kAxis = 18;   // time axis below the lanes
const QColor kKernel(0x15, 0x65, 0xC0);
const QColor kCopy(0xE6, 0x51, 0x00);

} // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("runTimeline"));
  setMouseTracking(true);
  setMinimumHeight(kLane + kAxis);
}

void TimelineView::setEvents(std::vector<TimelineEvent> events) {
  int last = 0;
  for (const TimelineEvent& e : events) last = std::max(last, e.run);
  m_events.clear();
  m_lanes.clear();
  m_endMs = 0;
  for (TimelineEvent& e : events) {
    if (e.run != last) continue;
    QString lane = QString::fromStdString(e.device);
    if (!m_lanes.contains(lane)) m_lanes.push_back(lane);
    m_endMs = std::max(m_endMs, e.endMs);
    m_events.push_back(std::move(e));
  }
  std::sort(m_lanes.begin(), m_lanes.end(), [](const QString& a, const QString& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b; // CPU, CPU:1, ..., CPU:10
  });
  setMinimumHeight(static_cast<int>(m_lanes.size()) * kLane + kAxis);
  updateGeometry();
  update();
}

QSize TimelineView::sizeHint() const {
  return {480, static_cast<int>(std::max<qsizetype>(m_lanes.size(), 1)) * kLane + kAxis};
}

QRectF TimelineView::barOf(const TimelineEvent& e) const {
  double width = std::max(1, this->width() - kLabel - 8);
  double scale = m_endMs > 0 ? width / m_endMs : 0;
  auto lane = static_cast<double>(m_lanes.indexOf(QString::fromStdString(e.device)));
  double x = kLabel + e.startMs * scale;
  return {x, lane * kLane + 3, std::max(2.0, (e.endMs - e.startMs) * scale), kLane - 6.0};
}

void TimelineView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  if (m_events.empty()) {
    p.drawText(rect(), Qt::AlignCenter, QStringLiteral("a run on several devices shows its timeline here"));
    return;
  }
  for (int i = 0; i < m_lanes.size(); ++i) {
    p.setPen(palette().text().color());
    p.drawText(QRect(4, i * kLane, kLabel - 8, kLane), Qt::AlignVCenter | Qt::AlignLeft, m_lanes[i]);
    p.setPen(palette().mid().color());
    p.drawLine(kLabel, (i + 1) * kLane, width(), (i + 1) * kLane);
  }
  for (const TimelineEvent& e : m_events) {
    QRectF bar = barOf(e);
    p.fillRect(bar, e.copy ? kCopy : kKernel);
    QString label = QString::fromStdString(e.name);
    if (p.fontMetrics().horizontalAdvance(label) + 4 < bar.width()) {
      p.setPen(Qt::white);
      p.drawText(bar.adjusted(2, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
    }
  }
  p.setPen(palette().text().color());
  int axisY = static_cast<int>(m_lanes.size()) * kLane;
  p.drawText(QRect(kLabel, axisY, width() - kLabel - 4, kAxis), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("0 ms"));
  p.drawText(QRect(kLabel, axisY, width() - kLabel - 4, kAxis), Qt::AlignRight | Qt::AlignVCenter,
             timeText(m_endMs));
}

bool TimelineView::event(QEvent* event) {
  if (event->type() != QEvent::ToolTip) return QWidget::event(event);
  auto* help = static_cast<QHelpEvent*>(event);
  for (const TimelineEvent& e : m_events)
    if (barOf(e).contains(help->pos())) {
      QToolTip::showText(help->globalPos(), QStringLiteral("%1 on %2: %3 .. %4")
                                                .arg(QString::fromStdString(e.name), QString::fromStdString(e.device))
                                                .arg(timeText(e.startMs), timeText(e.endMs)));
      return true;
    }
  QToolTip::hideText();
  event->ignore();
  return true;
}

} // namespace uops::views
