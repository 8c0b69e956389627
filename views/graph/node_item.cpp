#include "views/graph/node_item.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace uops::views {
namespace {

// Below this scale the 7 pt labels are under 2 pixels high: not even a hint of text.
constexpr double kReadableScale = 0.25;

} // namespace

NodeItem::NodeItem(const QRectF& box, const QColor& fill, const QString& label)
    : QGraphicsRectItem(box), m_label(label) {
  setBrush(fill);
  setSelectedLook(false);
}

void NodeItem::setSelectedLook(bool on) {
  setPen(on ? QPen(QColor(0xE6, 0x51, 0x00), 3) : QPen(Qt::black, 0.8));
  setZValue(on ? 1 : 0); // the outline stays above neighbours' edges
}

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  painter->setPen(pen());
  painter->setBrush(brush());
  painter->drawRect(rect());
  if (option->levelOfDetailFromTransform(painter->worldTransform()) < kReadableScale) return;
  QFont font = painter->font();
  font.setPointSizeF(7);
  painter->setFont(font);
  painter->setPen(Qt::black);
  painter->drawText(rect(), Qt::AlignCenter, m_label);
}

} // namespace uops::views
