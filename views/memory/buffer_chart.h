// The schedule's buffers as bars: a row per buffer, a column per schedule
// item (labelled with its kernel), each bar from the buffer's first use to
// its last, colored by role (input, intermediate, result) with W/R marks
// where items write and read it and its bytes on it. Intermediates that share
// storage are linked by a bracket of their slot's color in the left margin;
// the peak item's column is marked with its live set below the rows, over a
// strip of live bytes per item. Hovering a bar names the buffer, its writer
// and readers; clicking a kernel's column reports it (kernelClicked).
#pragma once

#include "core/engine/memory_report.h"

#include <QWidget>

namespace uops::views {

class BufferChart : public QWidget {
  Q_OBJECT

public:
  explicit BufferChart(QWidget* parent = nullptr);
  void setMemory(ScheduleMemory memory);
  const ScheduleMemory& memory() const { return m_memory; }
  // The item whose column is marked as selected (-1: none).
  void setSelectedItem(int item);
  int selectedItem() const { return m_selected; }

  // Geometry, for hovering, clicking and tests: -1 where nothing is.
  int itemAt(QPoint p) const;
  int bufferAt(QPoint p) const; // a buffer's row, inside its bar
  QRect barRect(int buffer) const;
  QRect columnRect(int item) const; // the whole column, header included
  // What hovering buffer `buffer`'s bar says.
  QString toolTipFor(int buffer) const;
  // The peak's caption under the rows: "peak 192 B at #1 r_4: b1 b2 b5".
  QString peakText() const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

Q_SIGNALS:
  void kernelClicked(int kernel); // a kernel's schedule index

protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

private:
  int columnWidth() const;
  int columnX(int item) const;
  int rowY(int buffer) const;
  int rowsBottom() const;
  void paintHeader(QPainter& p) const;
  void paintStorageLinks(QPainter& p) const;
  void paintBar(QPainter& p, int buffer) const;
  void paintLiveStrip(QPainter& p) const;

  ScheduleMemory m_memory;
  int m_selected = -1;
};

} // namespace uops::views
