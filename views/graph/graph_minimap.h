// An overview of the whole graph in the Graph view's corner, shown while the
// view shows only part of it (it opens big graphs at a zoom where labels
// read): the graph drawn small once per layout, the part the view shows
// outlined; a click or a drag there moves the view.
#pragma once

#include <QPixmap>
#include <QWidget>

namespace uops::views {

class GraphView;

class GraphMinimap : public QWidget {
public:
  static constexpr int kWidth = 200, kHeight = 150;

  explicit GraphMinimap(GraphView* view);
  // Draws the view's scene anew (after a new layout) and follows the view.
  void redraw();
  // Moves to the view's corner, outlines what it shows, and shows itself
  // only when the view does not show the whole graph.
  void follow();
  // The outlined part of the scene, in the minimap's pixels.
  QRectF outline() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

private:
  QRectF target() const;     // where the picture lies in the widget
  QRectF shownScene() const; // the part of the scene the view shows
  void centerViewAt(QPointF pixel);

  GraphView* m_view;
  QPixmap m_picture;
  QRectF m_sceneRect;
};

} // namespace uops::views
