// A UOp graph laid out for drawing: node boxes and edge curves in scene
// coordinates (points, y down), ready for a QGraphicsScene. Plain data;
// computing it may take a while on big graphs, so callers run it off the UI
// thread. Graphs up to LayoutOptions::dotLimit nodes go through Graphviz's dot
// (best looking, superlinear); bigger ones through the layered layout, which
// stays near-linear so thousands of nodes open in well under a second.
#pragma once

#include "views/graph/graph_filter.h"

#include <QPointF>
#include <QRectF>
#include <QString>

#include <atomic>
#include <functional>
#include <vector>

namespace uops::views {

struct LaidOutNode {
  const UOp* node = nullptr; // valid as long as the layout: it holds the graph (GraphLayout::root)
  size_t number = 0;         // the node's number in the whole graph ("%12")
  QRectF box;
  QString label; // op, dtype, shape, arg
  uint32_t color = 0xCCCCCC;
  bool fresh = false; // made by the rewrite step shown (not in the graph before it): marked
};

struct LaidOutEdge {
  size_t from = 0, to = 0;       // indices into nodes: source -> user
  std::vector<QPointF> points;   // a cubic B-spline, source end first
};

struct GraphLayout {
  // The graph laid out: a layout owns it, so a view or the Inspector may
  // follow its nodes' pointers after the stage or program that made the
  // graph is gone (a new lowering replaces the Session's run first, its
  // layout arrives later).
  UOpPtr root;
  std::vector<LaidOutNode> nodes;
  std::vector<LaidOutEdge> edges;
  QRectF bounds;
  double layoutMs = 0;
  size_t hidden = 0;     // nodes the filter hid
  QString engine;        // "dot", "layered" or "stable" (stableLayout)
};

struct LayoutOptions {
  GraphFilter filter;
  // above this many visible nodes, the layered layout: dot took 0.4 s for 254
  // nodes and 25 s for 604 (nslimit 4, mclimit 0.3)
  size_t dotLimit = 300;
};

// Reports how far a layout is, 0..100, from the worker thread.
using LayoutProgress = std::function<void(int percent)>;

// Lays out root's graph (sources above their users), without what the filter
// hides. Once `cancel` is set, the layout stops at its next progress point and
// comes back empty.
GraphLayout layoutGraph(const UOpPtr& root, const LayoutOptions& options = {}, const LayoutProgress& progress = {},
                        const std::atomic<bool>* cancel = nullptr);

// The label a node shows: "%12 Add\nfloat (4, 3)\narg".
QString nodeLabel(const UOp& u, size_t number);

} // namespace uops::views
