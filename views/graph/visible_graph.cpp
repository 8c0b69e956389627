#include "views/graph/visible_graph.h"

#include "core/ir/graph_walk.h"
#include "core/ir/text.h"

#include <algorithm>
#include <unordered_map>

namespace uops::views {
namespace {

// Sources in order, never entering a source the filter folds away.
std::vector<const UOp*> reachable(const UOp& root, const GraphFilter& filter) {
  return postOrder(root, [&](const UOp& u, size_t i) { return !foldsSource(filter, u, i); });
}

} // namespace

std::unordered_map<const UOp*, int> distancesFrom(const std::vector<const UOp*>& all,
                                                  const UOp* focus, int hops) {
  std::unordered_map<const UOp*, std::vector<const UOp*>> users;
  for (const UOp* u : all)
    for (const UOpPtr& s : u->src()) users[s.get()].push_back(u);
  std::unordered_map<const UOp*, int> near{{focus, 0}};
  std::vector<const UOp*> frontier{focus};
  for (int d = 1; d <= hops && !frontier.empty(); ++d) {
    std::vector<const UOp*> next;
    auto visit = [&](const UOp* v) {
      if (near.emplace(v, d).second) next.push_back(v);
    };
    for (const UOp* u : frontier) {
      for (const UOpPtr& s : u->src()) visit(s.get());
      for (const UOp* v : users[u]) visit(v);
    }
    frontier = std::move(next);
  }
  return near;
}

VisibleGraph visibleGraph(const UOp& root, const GraphFilter& filter) {
  VisibleGraph out;
  std::vector<const UOp*> all = toposort(root);
  const NodeIds number = numberNodes(root); // as the listing and the Step view number them
  std::vector<const UOp*> order = reachable(root, filter);
  out.hidden = all.size() - order.size();
  const bool focused = filter.focus && number.contains(filter.focus);
  const std::unordered_map<const UOp*, int> near =
      focused ? distancesFrom(all, filter.focus, filter.hops)
              : std::unordered_map<const UOp*, int>{};
  // for each node: the visible nodes that stand for it (itself, or what a hidden node reads)
  std::unordered_map<const UOp*, std::vector<size_t>> standsFor;
  for (const UOp* u : order) {
    std::vector<size_t> from;
    for (size_t i = 0; i < u->src().size(); ++i) {
      if (foldsSource(filter, *u, i)) continue;
      for (size_t s : standsFor.at(u->src(i).get()))
        if (std::find(from.begin(), from.end(), s) == from.end()) from.push_back(s);
    }
    if (focused && !near.contains(u)) { // outside the neighbourhood: not drawn, no edges through it
      ++out.hidden;
      standsFor.emplace(u, std::vector<size_t>{});
      continue;
    }
    if (hides(filter, *u) && u != &root && u != filter.focus) {
      ++out.hidden;
      standsFor.emplace(u, std::move(from));
      continue;
    }
    size_t at = out.nodes.size();
    out.nodes.push_back(u);
    out.numbers.push_back(number.at(u));
    // a Linear lists every instruction: its order is the layout's, not hundreds of edges into one node
    if (u->op() != Op::Linear)
      for (size_t s : from) out.edges.emplace_back(s, at);
    standsFor.emplace(u, std::vector<size_t>{at});
  }
  return out;
}

} // namespace uops::views
