// The per-device timeline of a multi-device run, like tinygrad's VIZ
// profiler: one lane per device, each kernel (blue) and copy (orange) a bar
// from its start to its end in the last run, named where it fits, the rest
// in its tooltip.
#pragma once

#include "core/engine/multi_schedule.h"

#include <QStringList>
#include <QWidget>

#include <vector>

namespace uops::views {

class TimelineView : public QWidget {
  Q_OBJECT

public:
  explicit TimelineView(QWidget* parent = nullptr);
  // The last run's events (events of earlier runs are dropped).
  void setEvents(std::vector<TimelineEvent> events);
  const QStringList& lanes() const { return m_lanes; }
  const std::vector<TimelineEvent>& events() const { return m_events; }
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

private:
  QRectF barOf(const TimelineEvent& e) const;

  std::vector<TimelineEvent> m_events;
  QStringList m_lanes;
  double m_endMs = 0;
};

} // namespace uops::views
