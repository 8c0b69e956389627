// The part of a UOp graph the Graph view draws: nodes in topological order
// (sources first) with their number in the whole graph, and edges source ->
// user where hidden nodes are bypassed (an edge from each visible source a
// hidden node reads, deduplicated).
#pragma once

#include "views/graph/graph_filter.h"

#include <unordered_map>
#include <utility>
#include <vector>

namespace uops::views {

struct VisibleGraph {
  std::vector<const UOp*> nodes;
  std::vector<size_t> numbers; // each node's number in the unfiltered toposort
  std::vector<std::pair<size_t, size_t>> edges; // indices into nodes: source -> user
  size_t hidden = 0; // nodes the filter hid or folded away
};

VisibleGraph visibleGraph(const UOp& root, const GraphFilter& filter);

// The nodes of `all` (a whole graph) within `hops` edges of `focus`, either direction, each with
// its distance in edges.
std::unordered_map<const UOp*, int> distancesFrom(const std::vector<const UOp*>& all,
                                                  const UOp* focus, int hops);

} // namespace uops::views
