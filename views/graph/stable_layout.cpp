#include "views/graph/stable_layout.h"

#include "views/graph/layout_shapes.h"
#include "views/graph/visible_graph.h"

#include <QElapsedTimer>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace uops::views {
namespace {

constexpr size_t kMostNew = 24;

// `box` moved right until it overlaps none of `placed` (a box in a kept
// node's place fits there: only a real overlap moves it).
QRectF clear(QRectF box, const std::vector<QRectF>& placed) {
  constexpr double kTouch = 2;
  for (bool moved = true; moved;) {
    moved = false;
    for (const QRectF& other : placed)
      if (box.intersects(other.adjusted(-kTouch, -kTouch, kTouch, kTouch))) {
        box.moveLeft(other.right() + kNodeGap);
        moved = true;
      }
  }
  return box;
}

} // namespace

std::optional<GraphLayout> stableLayout(const GraphLayout& previous, const UOpPtr& root, const LayoutOptions& options,
                                        const UOp* replacing, const UOp* replacement) {
  QElapsedTimer timer;
  timer.start();
  std::unordered_map<const UOp*, QRectF> kept;
  for (const LaidOutNode& n : previous.nodes) kept.emplace(n.node, n.box);
  const VisibleGraph visible = visibleGraph(*root, options.filter);
  size_t fresh = 0;
  for (const UOp* u : visible.nodes) fresh += !kept.contains(u);
  if (fresh == visible.nodes.size() || fresh > kMostNew || fresh * 4 > visible.nodes.size()) return std::nullopt;

  GraphLayout out;
  out.root = root;
  out.hidden = visible.hidden;
  out.engine = QStringLiteral("stable");
  std::vector<std::vector<size_t>> sources(visible.nodes.size()), users(visible.nodes.size());
  for (auto [from, to] : visible.edges) {
    sources[to].push_back(from);
    users[from].push_back(to);
    out.edges.push_back({from, to, {}});
  }
  std::vector<bool> placed(visible.nodes.size(), false);
  std::vector<QRectF> boxes;
  for (size_t i = 0; i < visible.nodes.size(); ++i) {
    const UOp* u = visible.nodes[i];
    out.nodes.push_back({u, visible.numbers[i], {}, nodeLabel(*u, visible.numbers[i]), groupColor(opGroup(u->op()))});
    if (auto it = kept.find(u); it != kept.end()) {
      out.nodes[i].box = it->second;
      placed[i] = true;
      boxes.push_back(it->second);
    }
  }
  // the previous layout's nodes gone from the graph: a rewrite rebuilds the
  // users of what it replaced, each the same op on a changed source
  std::unordered_set<const UOp*> present(visible.nodes.begin(), visible.nodes.end());
  std::vector<const LaidOutNode*> gone;
  for (const LaidOutNode& n : previous.nodes)
    if (!present.contains(n.node) && n.node != replacing) gone.push_back(&n);
  // the gone node `u` stands in for: same op, dtype, arg and source count,
  // sharing the most sources with it; null when none
  auto standIn = [&](const UOp& u) -> const LaidOutNode* {
    const LaidOutNode* best = nullptr;
    int bestShared = -1;
    for (const LaidOutNode* g : gone) {
      const UOp& o = *g->node;
      if (o.op() != u.op() || o.dtype() != u.dtype() || o.src().size() != u.src().size() || !(o.arg() == u.arg()))
        continue;
      int shared = 0;
      for (size_t k = 0; k < u.src().size(); ++k) shared += o.src(k) == u.src(k);
      if (shared > bestShared) {
        best = g;
        bestShared = shared;
      }
    }
    return best;
  };
  // new nodes, users before their sources (the nodes come sources first)
  for (size_t i = visible.nodes.size(); i-- > 0;) {
    if (placed[i]) continue;
    LaidOutNode& n = out.nodes[i];
    const QSizeF size = boxSize(n.label);
    QPointF centre;
    auto at = kept.find(replacing);
    const LaidOutNode* stand = n.node == replacement && at != kept.end() ? nullptr : standIn(*n.node);
    if (n.node == replacement && at != kept.end()) {
      centre = at->second.center();
    } else if (stand) {
      centre = stand->box.center();
      gone.erase(std::find(gone.begin(), gone.end(), stand));
    } else {
      double x = 0, top = 0;
      int count = 0;
      for (size_t user : users[i])
        if (placed[user]) {
          x += out.nodes[user].box.center().x();
          top = count++ == 0 ? out.nodes[user].box.top() : std::min(top, out.nodes[user].box.top());
        }
      if (count > 0) {
        centre = QPointF(x / count, top - kLayerGap - size.height() / 2);
      } else {
        double bottom = previous.bounds.bottom();
        for (size_t s : sources[i])
          if (placed[s]) bottom = std::max(bottom, out.nodes[s].box.bottom());
        centre = QPointF(previous.bounds.center().x(), bottom + kLayerGap + size.height() / 2);
      }
    }
    QRectF box(QPointF(), size);
    box.moveCenter(centre);
    n.box = clear(box, boxes);
    placed[i] = true;
    boxes.push_back(n.box);
  }
  for (LaidOutEdge& e : out.edges) e.points = sCurve(out.nodes[e.from].box, out.nodes[e.to].box);
  for (const QRectF& b : boxes) out.bounds |= b;
  out.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
  return out;
}

void markFresh(GraphLayout& layout, const UOp& before) {
  std::unordered_set<const UOp*> old;
  for (const UOp* u : toposort(before)) old.insert(u);
  for (LaidOutNode& n : layout.nodes) n.fresh = !old.contains(n.node);
}

} // namespace uops::views
