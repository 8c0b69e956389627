#include "views/graph/edges_item.h"

#include "views/graph/graph_layout.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace uops::views {
namespace {

// Below this scale a curve is a few pixels from its chord.
constexpr double kCurveScale = 0.4;

} // namespace

EdgesItem::EdgesItem(const std::vector<LaidOutEdge>& edges) {
  setFlag(QGraphicsItem::ItemUsesExtendedStyleOption); // exposedRect: paint only what is shown
  for (const LaidOutEdge& e : edges) {
    if (e.points.size() < 2) continue;
    QPainterPath path(e.points.front());
    size_t i = 1;
    for (; i + 2 < e.points.size(); i += 3) path.cubicTo(e.points[i], e.points[i + 1], e.points[i + 2]);
    for (; i < e.points.size(); ++i) path.lineTo(e.points[i]);
    // widened: a vertical edge's rect has no width, and empty rects intersect nothing
    QRectF bounds = path.controlPointRect().adjusted(-1, -1, 1, 1);
    m_edges.push_back({path, QLineF(e.points.front(), e.points.back()), bounds});
    m_bounds |= bounds;
  }
}

void EdgesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  QPen pen(QColor(0x60, 0x60, 0x60));
  pen.setWidthF(0.8);
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  const QRectF& shown = option->exposedRect;
  if (option->levelOfDetailFromTransform(painter->worldTransform()) < kCurveScale) {
    std::vector<QLineF> lines;
    for (const Edge& e : m_edges)
      if (e.bounds.intersects(shown)) lines.push_back(e.line);
    painter->drawLines(lines.data(), static_cast<int>(lines.size()));
    return;
  }
  for (const Edge& e : m_edges)
    if (e.bounds.intersects(shown)) painter->drawPath(e.curve);
}

} // namespace uops::views
