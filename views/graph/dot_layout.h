// Graphviz's dot (libgvc/cgraph) for a layout's nodes and edges: fills in the
// boxes, the edge splines and the bounds. Graphviz is not thread-safe:
// calls are serialized.
#pragma once

#include "views/graph/graph_layout.h"

namespace uops::views {

void dotLayout(GraphLayout& layout);

} // namespace uops::views
