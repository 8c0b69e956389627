// All node boxes of the Graph view as one item: boxes filled by their op group's
// color in one batch per color, labels only where the view is zoomed in enough
// to read them, only what lies in the exposed area, and the selected node
// outlined on top, nodes a rewrite step made (LaidOutNode::fresh) with a
// dashed green outline. One item instead of one per node: a graph of 10,000 nodes
// is put on screen and taken down without a stall.
#pragma once

#include <QColor>
#include <QGraphicsItem>
#include <QString>

#include <vector>

namespace uops::views {

struct LaidOutNode;

class NodesItem : public QGraphicsItem {
public:
  explicit NodesItem(const std::vector<LaidOutNode>& nodes);
  QRectF boundingRect() const override { return m_bounds; }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  // Outlines node `index` (-1: none).
  void setSelectedIndex(int index);
  // Outlines these nodes in blue: the ones the chosen program line made.
  void setLinked(std::vector<size_t> indices);
  const std::vector<size_t>& linked() const { return m_linked; }
  int selectedIndex() const { return m_selected; }

private:
  struct Group {
    QColor fill;
    std::vector<size_t> members; // indices into m_boxes
  };
  std::vector<QRectF> m_boxes;
  std::vector<QString> m_labels;
  std::vector<Group> m_groups;
  std::vector<size_t> m_fresh; // indices into m_boxes
  std::vector<size_t> m_linked;
  QRectF m_bounds;
  int m_selected = -1;
};

} // namespace uops::views
