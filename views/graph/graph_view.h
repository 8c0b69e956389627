// The Graph view: a laid-out UOp graph drawn in a QGraphicsScene, nodes in
// their op group's color; wheel zooms, drag pans, a click selects a node
// (outlined, reported with nodeSelected).
#pragma once

#include "views/graph/graph_layout.h"

#include <QGraphicsView>

namespace uops::views {

class GraphView : public QGraphicsView {
  Q_OBJECT

public:
  explicit GraphView(QWidget* parent = nullptr);

  void showLayout(GraphLayout layout);
  void clearGraph(const QString& message);
  int nodeCount() const { return static_cast<int>(m_layout.nodes.size()); }
  const GraphLayout& layout() const { return m_layout; }
  // The zoom and the scene point in the middle of `other`'s: compare mode's
  // two panes of a stable step show the same place.
  void matchView(const GraphView& other);
  // Outlines the nodes program line `line` made (UOp::line; 0: none), in
  // this layout and the ones shown after it.
  void markLine(int line);
  // The indices of the nodes marked that way.
  std::vector<size_t> linkedNodes() const;
  // The selected node's index in the layout, or -1.
  int selected() const { return m_selected; }
  void select(int index);
  // Selects node `index` and scrolls it to the middle of the view, zooming in
  // to its natural size when the view is zoomed out too far to read it.
  void selectAndCenter(int index);
  // The index of `node` in the layout, or -1.
  int indexOf(const UOp* node) const;
  void fit();
  // Fits the graph into the view, or, where its labels would not read,
  // shows its result at a readable zoom (the minimap shows the rest).
  void openReadable();
  class GraphMinimap* minimap() const { return m_minimap; }
  // A caption in the view's top left corner ("before the rewrite"); empty: none.
  void setCaption(const QString& caption);
  // The node under a viewport point, or -1.
  int nodeAt(QPoint viewportPos) const;
  // The tooltip there: the node's label and its op's entry in core/docs ("" off the nodes).
  QString toolTipAt(QPoint viewportPos) const;
  const QString& caption() const { return m_caption; }

Q_SIGNALS:
  void nodeSelected(int index);

protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void drawForeground(QPainter* painter, const QRectF& rect) override;
  bool viewportEvent(QEvent* event) override; // tooltips: the op's docs

private:
  GraphLayout m_layout;
  class NodesItem* m_nodes = nullptr; // owned by the scene
  class GraphMinimap* m_minimap;
  int m_selected = -1;
  QString m_caption;
  int m_line = 0; // the program line whose nodes are outlined
};

} // namespace uops::views
