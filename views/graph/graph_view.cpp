#include "views/graph/graph_view.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QPainterPath>
#include <QWheelEvent>

namespace uops::views {
namespace {

QColor fillOf(uint32_t rgb) {
  QColor c(static_cast<int>((rgb >> 16) & 0xFF), static_cast<int>((rgb >> 8) & 0xFF), static_cast<int>(rgb & 0xFF));
  return c.lighter(150); // pale enough for black text
}

} // namespace

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  setRenderHint(QPainter::Antialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setObjectName(QStringLiteral("graphView"));
}

void GraphView::clearGraph(const QString& message) {
  scene()->clear();
  m_boxes.clear();
  m_layout = {};
  m_selected = -1;
  scene()->addSimpleText(message);
}

void GraphView::showLayout(const GraphLayout& layout) {
  scene()->clear();
  m_boxes.clear();
  m_layout = layout;
  m_selected = -1;
  QPen edgePen(QColor(0x60, 0x60, 0x60));
  edgePen.setWidthF(0.8);
  for (const LaidOutEdge& e : m_layout.edges) {
    if (e.points.size() < 2) continue;
    QPainterPath path(e.points.front());
    size_t i = 1;
    for (; i + 2 < e.points.size(); i += 3) path.cubicTo(e.points[i], e.points[i + 1], e.points[i + 2]);
    for (; i < e.points.size(); ++i) path.lineTo(e.points[i]);
    scene()->addPath(path, edgePen);
  }
  QFont font;
  font.setPointSizeF(7);
  for (const LaidOutNode& n : m_layout.nodes) {
    auto* box = scene()->addRect(n.box, QPen(Qt::black, 0.8), QBrush(fillOf(n.color)));
    auto* text = new QGraphicsSimpleTextItem(n.label, box);
    text->setFont(font);
    QRectF t = text->boundingRect();
    text->setPos(n.box.center() - QPointF(t.width() / 2, t.height() / 2));
    m_boxes.push_back(box);
  }
  scene()->setSceneRect(m_layout.bounds.adjusted(-20, -20, 20, 20));
  fit();
}

void GraphView::fit() { fitInView(scene()->sceneRect(), Qt::KeepAspectRatio); }

void GraphView::select(int index) {
  if (m_selected >= 0 && m_selected < static_cast<int>(m_boxes.size())) {
    m_boxes[static_cast<size_t>(m_selected)]->setPen(QPen(Qt::black, 0.8));
    m_boxes[static_cast<size_t>(m_selected)]->setZValue(0);
  }
  m_selected = index >= 0 && index < static_cast<int>(m_boxes.size()) ? index : -1;
  if (m_selected < 0) return;
  QGraphicsRectItem* box = m_boxes[static_cast<size_t>(m_selected)];
  box->setPen(QPen(QColor(0xE6, 0x51, 0x00), 3));
  box->setZValue(1); // the outline stays above neighbours' edges
  ensureVisible(box);
  Q_EMIT nodeSelected(m_selected);
}

void GraphView::selectAndCenter(int index) {
  select(index);
  if (m_selected >= 0) centerOn(m_boxes[static_cast<size_t>(m_selected)]);
}

int GraphView::indexOf(const UOp* node) const {
  for (size_t i = 0; i < m_layout.nodes.size(); ++i)
    if (m_layout.nodes[i].node == node) return static_cast<int>(i);
  return -1;
}

void GraphView::wheelEvent(QWheelEvent* event) {
  double factor = event->angleDelta().y() > 0 ? 1.2 : 1 / 1.2;
  scale(factor, factor);
}

void GraphView::mousePressEvent(QMouseEvent* event) {
  QPointF at = mapToScene(event->pos());
  for (size_t i = 0; i < m_layout.nodes.size(); ++i)
    if (m_layout.nodes[i].box.contains(at)) {
      select(static_cast<int>(i));
      return;
    }
  QGraphicsView::mousePressEvent(event);
}

} // namespace uops::views
