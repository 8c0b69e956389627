// Layouts of consecutive rewrite steps that the eye can follow: every node
// the previous layout drew keeps its box, the new ones are placed around
// them, and nodes the step made are marked (LaidOutNode::fresh). A full
// layout of each step would move most boxes for a one-node change.
#pragma once

#include "views/graph/graph_layout.h"

#include <optional>

namespace uops::views {

// root's graph (under options' filter) laid out with each node `previous`
// has at its box there. A node `previous` lacks goes where `replacing` was
// when it is `replacement` (the rewrite's result takes the matched node's
// place), else where a node of `previous` gone from the graph was that has its
// op, dtype, arg and source count (a user the rewrite rebuilt), else above its users (below its sources when it has no user placed),
// moved right past any box it would overlap; edges are S-curves. Empty when
// more than a quarter of the nodes (or more than 24) would be new, or nothing
// is kept: a full layout reads better then.
std::optional<GraphLayout> stableLayout(const GraphLayout& previous, const UOpPtr& root, const LayoutOptions& options,
                                        const UOp* replacing = nullptr, const UOp* replacement = nullptr);

// Marks the nodes of `layout` that `before`'s graph does not have.
void markFresh(GraphLayout& layout, const UOp& before);

} // namespace uops::views
