// The control flow graph of an auto-batched Program laid out by Graphviz's dot
// for the Graph view: one box per block (its label, instructions and
// terminator), filled in its function's color; an edge per jump (both arms of
// a branch, a goto, a push_goto's call and the return point it pushes).
// Indirect jumps (returns) have no static target and draw no edge.
#pragma once

#include "core/autobatch/program.h"
#include "views/graph/graph_layout.h"

#include <string>
#include <vector>

namespace uops::views {

// The program's blocks in drawing order: the main graph, then each
// function's blocks (pool indices; a lowered program has only the main graph).
std::vector<int> cfgBlocks(const autobatch::Program& program);

// The box color of a function's blocks: "main" and each function name map to
// a fixed pastel, the same in every pass.
uint32_t functionColor(const std::string& function);

// The laid-out graph; node i is block cfgBlocks(program)[i].
GraphLayout layoutCfg(const autobatch::Program& program);

} // namespace uops::views
