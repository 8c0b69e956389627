// A node box in the Graph view: its op group's color and its label, the label
// drawn only when the view is zoomed in enough to read it, so a graph of
// thousands of nodes paints quickly when it is fitted into the window.
#pragma once

#include <QGraphicsRectItem>

namespace uops::views {

class NodeItem : public QGraphicsRectItem {
public:
  NodeItem(const QRectF& box, const QColor& fill, const QString& label);
  void setSelectedLook(bool on);
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
  QString m_label;
};

} // namespace uops::views
