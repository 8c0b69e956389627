// Liveness of variables over one function's graph (a DAG before lowering:
// loops are functions), the analysis allocation and lowering share.
#pragma once

#include "core/autobatch/program.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace uops::autobatch {

using VarSet = std::set<std::string>;

struct BlockLiveness {
  VarSet liveIn;                      // live on entry
  std::vector<VarSet> liveOutOfEach; // after each instruction
  VarSet liveOut;                     // after the terminator: what the successors need
};

// The blocks of `blocks` in an order where every block comes before the
// blocks it jumps to, entry first (ties: pool order). Throws AutobatchError
// for a cycle.
std::vector<int> topologicalOrder(const Program& p, const std::vector<int>& blocks);

// Per block index. `liveAtExit`: what leaving the graph needs (its vars_out).
std::map<int, BlockLiveness> liveness(const Program& p, const std::vector<int>& blocks, const VarSet& liveAtExit);

// The variables an instruction reads and writes.
std::vector<std::string> readsOf(const Instruction& ins);
std::vector<std::string> writesOf(const Instruction& ins);

} // namespace uops::autobatch
