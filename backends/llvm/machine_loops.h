// The loops of a function's machine code, from its branches alone: the code
// splits into basic blocks at branches and their targets, and a loop is a
// natural loop of that graph: an edge to a block that dominates its source
// (a branch or a fall-through) closes a loop whose body is every block that
// reaches the edge's source without passing the header. A layout that puts a
// loop's latch before its header, or a skipped block behind a backward branch
// that is no back edge (a gated store), still nests as the source's loops do.
// The innermost loops (the hot ones the throughput model analyzes) contain
// no other loop's header.
#pragma once

#include <cstdint>
#include <vector>

namespace uops {

struct CodeSite {
  static constexpr uint64_t kNoTarget = UINT64_MAX;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t branchTarget = kNoTarget; // a branch's target offset, else kNoTarget
  bool fallsThrough = true;          // false after an unconditional branch or a return
};

struct MachineLoop {
  uint64_t start = 0; // the lowest offset of its body (the header where the layout starts with it)
  uint64_t end = 0;   // one past the highest instruction of its body
  uint64_t header = 0;
  int depth = 1; // loops containing it, plus one
  bool innermost = true;
};

// The loops of `code` (in offset order), sorted by start; back edges to one
// header make one loop.
std::vector<MachineLoop> findMachineLoops(const std::vector<CodeSite>& code);

} // namespace uops
