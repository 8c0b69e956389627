// A UOp graph laid out by Graphviz's dot (libgvc/cgraph): node boxes and edge
// curves in scene coordinates (points, y down), ready for a QGraphicsScene.
// Plain data; computing it may take a while on big graphs, so callers run it
// off the UI thread. Graphviz is not thread-safe: layouts are serialized.
#pragma once

#include "core/ir/uop.h"

#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

namespace uops::views {

struct LaidOutNode {
  const UOp* node = nullptr; // identity only; the graph outlives the layout
  QRectF box;
  QString label; // op, dtype, shape, arg
  uint32_t color = 0xCCCCCC;
};

struct LaidOutEdge {
  size_t from = 0, to = 0;       // indices into nodes: source -> user
  std::vector<QPointF> points;   // a cubic B-spline (Graphviz's pos), source end first
};

struct GraphLayout {
  std::vector<LaidOutNode> nodes;
  std::vector<LaidOutEdge> edges;
  QRectF bounds;
  double layoutMs = 0;
};

// Lays out every node of root's graph (sources above their users).
GraphLayout layoutGraph(const UOpPtr& root);

// The label a node shows: "%12 Add\nfloat (4, 3)\narg".
QString nodeLabel(const UOp& u, size_t number);

} // namespace uops::views
