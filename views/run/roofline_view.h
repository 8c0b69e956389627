// The Run view's Roofline tab: the device's roof (measured peaks,
// device_peaks.h) on log-log axes and each kernel of the last run as a point
// under it, blue where memory bounds it, orange where arithmetic does; a
// point is labelled with its kernel (up to 40 of them), and its tooltip says
// how far below the roof it runs.
#pragma once

#include "views/run/roofline.h"

#include <QtCharts/QChartView>

class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace uops::views {

class RooflineView : public QWidget {
  Q_OBJECT

public:
  explicit RooflineView(QWidget* parent = nullptr);
  // The roof of `peaks` and the kernels of `run`, measured on `device`.
  void showRun(const DeviceRunResult& run, const DevicePeaks& peaks);
  // Only a message (the peaks being measured, or why they cannot be).
  void showMessage(const QString& text);
  const std::vector<RooflinePoint>& points() const { return m_points; }
  QLabel* caption() const { return m_caption; }
  QLineSeries* roof() const { return m_roof; }

Q_SIGNALS:
  void shown(); // the tab became visible

protected:
  void showEvent(class QShowEvent* event) override;

private:
  void placeLabels();

  QChartView* m_view;
  QLabel* m_caption;
  QLineSeries* m_roof;
  QScatterSeries* m_memoryBound;
  QScatterSeries* m_computeBound;
  QLogValueAxis* m_x;
  QLogValueAxis* m_y;
  std::vector<RooflinePoint> m_points;
  std::vector<class QGraphicsSimpleTextItem*> m_labels; // kernel names beside their points
};

} // namespace uops::views
