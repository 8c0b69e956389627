#include "views/graph/graph_view.h"

#include "views/graph/edges_item.h"
#include "views/graph/graph_minimap.h"
#include "views/graph/nodes_item.h"
#include "views/jobs/work_pool.h"
#include "views/common/doc_tooltip.h"

#include "core/ir/uop.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace uops::views {
namespace {

constexpr size_t kAntialiasLimit = 1000;
constexpr double kReadableZoom = 0.75;

} // namespace

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  setRenderHint(QPainter::Antialiasing);
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setObjectName(QStringLiteral("graphView"));
  m_minimap = new GraphMinimap(this);
}

void GraphView::clearGraph(const QString& message) {
  scene()->clear();
  m_nodes = nullptr;
  m_layout = {};
  m_selected = -1;
  scene()->addSimpleText(message);
  scene()->setSceneRect(scene()->itemsBoundingRect());
  resetTransform();
  m_minimap->redraw();
}

void GraphView::showLayout(GraphLayout layout) {
  // a stable step (stableLayout) keeps the zoom and what was in view: the eye follows the change
  const bool keepView = layout.engine == QStringLiteral("stable") && m_nodes;
  const QTransform zoom = transform();
  const QPointF centre = mapToScene(viewport()->rect().center());
  scene()->clear();
  releaseOnWorkPool(std::exchange(m_layout, std::move(layout)));
  m_selected = -1;
  scene()->addItem(new EdgesItem(m_layout.edges));
  m_nodes = new NodesItem(m_layout.nodes);
  scene()->addItem(m_nodes);
  markLine(m_line);
  // antialiasing thousands of edges costs more than it shows when they are a pixel apart
  setRenderHint(QPainter::Antialiasing, m_layout.nodes.size() <= kAntialiasLimit);
  scene()->setSceneRect(m_layout.bounds.adjusted(-20, -20, 20, 20));
  if (keepView) {
    setTransform(zoom);
    centerOn(centre);
  } else {
    openReadable();
  }
  m_minimap->redraw();
}

void GraphView::markLine(int line) {
  m_line = line;
  if (!m_nodes) return;
  std::vector<size_t> linked;
  for (size_t i = 0; line > 0 && i < m_layout.nodes.size(); ++i)
    if (m_layout.nodes[i].node->line() == line) linked.push_back(i);
  m_nodes->setLinked(std::move(linked));
}

std::vector<size_t> GraphView::linkedNodes() const {
  return m_nodes ? m_nodes->linked() : std::vector<size_t>{};
}

void GraphView::matchView(const GraphView& other) {
  setTransform(other.transform());
  centerOn(other.mapToScene(other.viewport()->rect().center()));
  m_minimap->follow();
}

void GraphView::fit() {
  fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
  m_minimap->follow();
}

void GraphView::openReadable() {
  fit();
  if (transform().m11() >= kReadableZoom || m_layout.nodes.empty()) return;
  // too small to read whole: at a readable zoom, on the graph's result (its
  // root, drawn last, at the bottom); the minimap shows the rest
  setTransform(QTransform::fromScale(kReadableZoom, kReadableZoom));
  size_t result = m_layout.nodes.size() - 1;
  for (size_t i = 0; i < m_layout.nodes.size(); ++i)
    if (m_layout.nodes[i].node == m_layout.root.get()) result = i;
  // the result with what it reads, two edges up: the result alone is one box
  // at the end of long edges
  QRectF near = m_layout.nodes[result].box;
  std::vector<size_t> frontier{result};
  for (int hop = 0; hop < 2; ++hop) {
    std::vector<size_t> next;
    for (const LaidOutEdge& e : m_layout.edges)
      if (std::find(frontier.begin(), frontier.end(), e.to) != frontier.end()) {
        near |= m_layout.nodes[e.from].box;
        next.push_back(e.from);
      }
    frontier = std::move(next);
  }
  // where it is taller or wider than the view, the result stays in view at its bottom
  const QSizeF view = QSizeF(viewport()->size()) / kReadableZoom;
  const QRectF& box = m_layout.nodes[result].box;
  QPointF center = near.center();
  if (near.height() > view.height()) center.setY(box.bottom() + 20 - view.height() / 2);
  const double left = box.right() + 20 - view.width() / 2, right = box.left() - 20 + view.width() / 2;
  if (near.width() > view.width()) center.setX(left <= right ? std::clamp(center.x(), left, right) : box.center().x());
  centerOn(center);
}

void GraphView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  m_minimap->follow();
}

void GraphView::select(int index) {
  m_selected = index >= 0 && index < nodeCount() ? index : -1;
  if (m_nodes) m_nodes->setSelectedIndex(m_selected);
  if (m_selected < 0) return;
  ensureVisible(m_layout.nodes[static_cast<size_t>(m_selected)].box);
  Q_EMIT nodeSelected(m_selected);
}

void GraphView::selectAndCenter(int index) {
  select(index);
  if (m_selected < 0) return;
  // zoomed out too far to read the node: zoom to its natural size first
  if (transform().m11() < kReadableZoom) setTransform(QTransform());
  centerOn(m_layout.nodes[static_cast<size_t>(m_selected)].box.center());
}

int GraphView::indexOf(const UOp* node) const {
  for (size_t i = 0; i < m_layout.nodes.size(); ++i)
    if (m_layout.nodes[i].node == node) return static_cast<int>(i);
  return -1;
}

void GraphView::setCaption(const QString& caption) {
  m_caption = caption;
  viewport()->update();
}

void GraphView::drawForeground(QPainter* painter, const QRectF&) {
  if (m_caption.isEmpty()) return;
  painter->save();
  painter->resetTransform(); // viewport pixels: the caption stays put while the graph scrolls
  QFont font = painter->font();
  font.setBold(true);
  painter->setFont(font);
  // lines as the caption breaks them, wrapped to the viewport's width
  const int flags = Qt::AlignLeft | Qt::TextWordWrap;
  const QRect lines = painter->fontMetrics().boundingRect(
      QRect(0, 0, std::max(viewport()->width() - 24, 100), 100000), flags, m_caption);
  QRectF box = QRectF(lines).adjusted(-6, -3, 6, 3);
  box.moveTopLeft(QPointF(6, 6));
  painter->fillRect(box, QColor(255, 255, 255, 220));
  painter->setPen(QColor(0xE6, 0x51, 0x00));
  painter->drawText(box.adjusted(6, 3, -6, -3), flags, m_caption);
  painter->restore();
}

void GraphView::wheelEvent(QWheelEvent* event) {
  double factor = event->angleDelta().y() > 0 ? 1.2 : 1 / 1.2;
  scale(factor, factor);
  m_minimap->follow();
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

int GraphView::nodeAt(QPoint viewportPos) const {
  QPointF at = mapToScene(viewportPos);
  for (size_t i = 0; i < m_layout.nodes.size(); ++i)
    if (m_layout.nodes[i].box.contains(at)) return static_cast<int>(i);
  return -1;
}

QString GraphView::toolTipAt(QPoint viewportPos) const {
  int index = nodeAt(viewportPos);
  if (index < 0) return {};
  const LaidOutNode& n = m_layout.nodes[static_cast<size_t>(index)];
  QString label = n.label.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
  return QStringLiteral("<p style='white-space:pre'>%1</p>").arg(label) + opDocToolTip(n.node->op());
}

bool GraphView::viewportEvent(QEvent* event) {
  if (event->type() != QEvent::ToolTip) return QGraphicsView::viewportEvent(event);
  auto* help = static_cast<QHelpEvent*>(event);
  QString tip = toolTipAt(help->pos());
  if (tip.isEmpty()) {
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  QToolTip::showText(help->globalPos(), tip, viewport());
  return true;
}

} // namespace uops::views
