// All edges of the Graph view as one item: curves where the view is zoomed in
// enough to follow them, straight lines drawn in one batch when it is not, and
// only the edges in the exposed area; thousands of edges repaint quickly.
#pragma once

#include <QGraphicsItem>
#include <QPainterPath>

#include <vector>

namespace uops::views {

struct LaidOutEdge;

class EdgesItem : public QGraphicsItem {
public:
  explicit EdgesItem(const std::vector<LaidOutEdge>& edges);
  QRectF boundingRect() const override { return m_bounds; }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
  void drawChords(QPainter* painter, const QRectF& shown, QPen pen) const;

  struct Edge {
    std::vector<QPointF> points;
    mutable QPainterPath curve; // made from points when first drawn zoomed in
    const QPainterPath& path() const;
    QLineF line; // first point to last
    QRectF bounds;
  };
  std::vector<Edge> m_edges;
  QRectF m_bounds;
};

} // namespace uops::views
