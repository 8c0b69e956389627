// A UOp graph as Graphviz DOT text, for a renderer outside core (the HTML
// report's graph): one box per node (op, dtype, argument), an edge from
// each source to its user. Pure text: nodes are numbered in toposort order,
// never by address, so the same graph gives the same text.
#pragma once

#include "core/ir/uop.h"

#include <cstddef>
#include <string>

namespace uops {

// At most `maxNodes` nodes, those nearest the root (a big graph's top);
// labels longer than 48 characters are cut with "...".
std::string graphDot(const UOpPtr& root, size_t maxNodes = 300);

} // namespace uops
