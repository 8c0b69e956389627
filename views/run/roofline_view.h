// The Run view's Roofline tab: the device's roof (its hardware peaks, with
// the date they were measured: peaks_cache.h) on log-log axes and each kernel
// of the last run as a point under it, blue where memory bounds it, orange
// where arithmetic does, red where it was measured above the roof (drawn on
// it: the peaks were measured low). Kernel names sit beside their points
// where they fit without overlapping (label_placement.h), else show on hover
// with the tooltip; "Measure again" asks for the peaks anew.
#pragma once

#include "views/run/peaks_cache.h"
#include "views/run/roofline.h"

#include <QtCharts/QChartView>

class QGraphicsSimpleTextItem;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QProgressBar;
class QPushButton;
class QScatterSeries;

namespace uops::views {

class RooflineView : public QWidget {
  Q_OBJECT

public:
  explicit RooflineView(QWidget* parent = nullptr);
  // The roof of `peaks` and the kernels of `run`.
  void showRun(const DeviceRunResult& run, const CachedPeaks& peaks);
  // Only a message (the peaks being measured, or why they cannot be).
  void showMessage(const QString& text);
  // While the peaks are measured: a busy bar, and Measure again waits.
  void setMeasuring(bool measuring);
  const std::vector<RooflinePoint>& points() const { return m_points; }
  // One per point, in the order of points(); hidden where no clear place was found.
  const std::vector<QGraphicsSimpleTextItem*>& labels() const { return m_labels; }
  QLabel* caption() const { return m_caption; }
  QLineSeries* roof() const { return m_roof; }
  QPushButton* measureButton() const { return m_measure; }
  QProgressBar* progress() const { return m_progress; }

Q_SIGNALS:
  void shown();            // the tab became visible
  void measureRequested(); // Measure again

protected:
  void showEvent(class QShowEvent* event) override;

private:
  void clearPoints();
  void placeLabels();
  void hovered(const QPointF& at, bool on);

  QChartView* m_view;
  QLabel* m_caption;
  QPushButton* m_measure;
  QProgressBar* m_progress;
  QLineSeries* m_roof;
  QScatterSeries* m_memoryBound;
  QScatterSeries* m_computeBound;
  QScatterSeries* m_aboveRoof;
  QLogValueAxis* m_x;
  QLogValueAxis* m_y;
  std::vector<RooflinePoint> m_points;
  std::vector<QGraphicsSimpleTextItem*> m_labels; // kernel names beside their points
  std::vector<bool> m_placed;                     // whether each label found a clear place
  bool m_measuring = false;
  bool m_showsRun = false; // a run's points, so its device may be measured again
};

} // namespace uops::views
