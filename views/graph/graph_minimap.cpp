#include "views/graph/graph_minimap.h"

#include "views/graph/graph_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

namespace uops::views {
namespace {

constexpr int kMargin = 8;

} // namespace

GraphMinimap::GraphMinimap(GraphView* view) : QWidget(view), m_view(view) {
  setObjectName(QStringLiteral("graphMinimap"));
  setFixedSize(kWidth, kHeight);
  setCursor(Qt::PointingHandCursor);
  setToolTip(QStringLiteral("The whole graph: click or drag to move the view"));
  hide();
  auto followView = [this] { follow(); };
  connect(view->horizontalScrollBar(), &QScrollBar::valueChanged, this, followView);
  connect(view->verticalScrollBar(), &QScrollBar::valueChanged, this, followView);
  connect(view->horizontalScrollBar(), &QScrollBar::rangeChanged, this, followView);
  connect(view->verticalScrollBar(), &QScrollBar::rangeChanged, this, followView);
}

QRectF GraphMinimap::target() const {
  if (m_sceneRect.isEmpty()) return {};
  QSizeF size = m_sceneRect.size().scaled(QSizeF(width() - 2, height() - 2), Qt::KeepAspectRatio);
  QRectF r(QPointF(), size);
  r.moveCenter(QRectF(rect()).center());
  return r;
}

void GraphMinimap::redraw() {
  m_sceneRect = m_view->scene()->sceneRect();
  QRectF to = target();
  m_picture = QPixmap(to.size().toSize());
  m_picture.fill(Qt::white);
  if (!to.isEmpty()) {
    QPainter painter(&m_picture);
    m_view->scene()->render(&painter, QRectF(QPointF(), to.size()), m_sceneRect, Qt::KeepAspectRatio);
  }
  follow();
}

QRectF GraphMinimap::shownScene() const {
  return m_view->mapToScene(m_view->viewport()->rect()).boundingRect().intersected(m_sceneRect);
}

QRectF GraphMinimap::outline() const {
  QRectF to = target();
  if (to.isEmpty()) return {};
  QRectF shown = shownScene();
  const double sx = to.width() / m_sceneRect.width(), sy = to.height() / m_sceneRect.height();
  return QRectF(to.left() + (shown.left() - m_sceneRect.left()) * sx, to.top() + (shown.top() - m_sceneRect.top()) * sy,
                shown.width() * sx, shown.height() * sy);
}

void GraphMinimap::follow() {
  QRect port = m_view->viewport()->geometry();
  move(port.right() - width() - kMargin, port.bottom() - height() - kMargin);
  // the view shows the whole graph (to a scroll bar's width: fitting it
  // may leave a sliver out) or only part of it
  QRectF shown = shownScene();
  const bool partial = !m_sceneRect.isEmpty() && (shown.width() < 0.97 * m_sceneRect.width() ||
                                                  shown.height() < 0.97 * m_sceneRect.height());
  const bool room = port.width() > 2 * width() && port.height() > 2 * height();
  setVisible(partial && room);
  update();
}

void GraphMinimap::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), QColor(255, 255, 255, 235));
  painter.setPen(QColor(0x90, 0x90, 0x90));
  painter.drawRect(rect().adjusted(0, 0, -1, -1));
  painter.drawPixmap(target().topLeft(), m_picture);
  painter.setPen(QPen(QColor(0xE6, 0x51, 0x00), 2));
  painter.drawRect(outline());
}

void GraphMinimap::centerViewAt(QPointF pixel) {
  QRectF to = target();
  if (to.isEmpty()) return;
  m_view->centerOn(m_sceneRect.left() + (pixel.x() - to.left()) * m_sceneRect.width() / to.width(),
                   m_sceneRect.top() + (pixel.y() - to.top()) * m_sceneRect.height() / to.height());
}

void GraphMinimap::mousePressEvent(QMouseEvent* event) { centerViewAt(event->position()); }

void GraphMinimap::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) centerViewAt(event->position());
}

} // namespace uops::views
