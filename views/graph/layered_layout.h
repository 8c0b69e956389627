// A layered (Sugiyama-style) layout for big graphs, in near-linear time: each
// node's layer is its longest path from a leaf (leaves sit just above their
// first user), layers are ordered by a few barycenter sweeps, nodes are placed
// at their sources' mean x and pushed apart both ways, and edges are drawn as
// S-curves. Fills in boxes, edges and bounds.
#pragma once

#include "views/graph/graph_layout.h"

namespace uops::views {

void layeredLayout(GraphLayout& layout, const LayoutProgress& progress);

} // namespace uops::views
