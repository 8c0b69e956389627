#include "views/graph/edges_item.h"

#include "views/graph/graph_layout.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <unordered_set>

namespace uops::views {
namespace {

// Below this scale a curve is a few pixels from its chord.
constexpr double kCurveScale = 0.4;

} // namespace

EdgesItem::EdgesItem(const std::vector<LaidOutEdge>& edges) {
  setFlag(QGraphicsItem::ItemUsesExtendedStyleOption); // exposedRect: paint only what is shown
  for (const LaidOutEdge& e : edges) {
    if (e.points.size() < 2) continue;
    QRectF bounds(e.points.front(), QSizeF());
    for (const QPointF& p : e.points) bounds |= QRectF(p, QSizeF());
    // widened: a vertical edge's rect has no width, and empty rects intersect nothing
    bounds.adjust(-1, -1, 1, 1);
    m_edges.push_back({e.points, {}, QLineF(e.points.front(), e.points.back()), bounds});
    m_bounds |= bounds;
  }
}

const QPainterPath& EdgesItem::Edge::path() const {
  if (curve.isEmpty()) {
    curve.moveTo(points.front());
    size_t i = 1;
    for (; i + 2 < points.size(); i += 3) curve.cubicTo(points[i], points[i + 1], points[i + 2]);
    for (; i < points.size(); ++i) curve.lineTo(points[i]);
  }
  return curve;
}

void EdgesItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  QPen pen(QColor(0x60, 0x60, 0x60));
  pen.setWidthF(0.8);
  painter->setPen(pen);
  painter->setBrush(Qt::NoBrush);
  const QRectF& shown = option->exposedRect;
  if (option->levelOfDetailFromTransform(painter->worldTransform()) < kCurveScale) {
    drawChords(painter, shown, pen);
    return;
  }
  for (const Edge& e : m_edges)
    if (e.bounds.intersects(shown)) painter->drawPath(e.path());
}

void EdgesItem::drawChords(QPainter* painter, const QRectF& shown, QPen pen) const {
  // In whole pixels of the device, without the lines that fall on one drawn
  // before: zoomed out on thousands of edges, most are a pixel or two long
  // and many coincide. A pixel wide whatever the zoom (a cosmetic pen).
  const QTransform toDevice = painter->worldTransform();
  std::vector<QLine> lines;
  std::unordered_set<uint64_t> drawn;
  auto key = [](const QLine& l) {
    auto bits = [](int v) { return static_cast<uint64_t>(static_cast<uint16_t>(v)); };
    return bits(l.x1()) << 48 | bits(l.y1()) << 32 | bits(l.x2()) << 16 | bits(l.y2());
  };
  for (const Edge& e : m_edges) {
    if (!e.bounds.intersects(shown)) continue;
    QLine l = toDevice.map(e.line).toLine();
    if (drawn.insert(key(l)).second) lines.push_back(l);
  }
  pen.setWidth(0);
  painter->save();
  painter->resetTransform();
  painter->setPen(pen);
  painter->drawLines(lines.data(), static_cast<int>(lines.size()));
  painter->restore();
}

} // namespace uops::views
