// The loops of a function's machine code, from its branches alone: a branch
// to an earlier offset closes a loop whose body runs from that target to the
// branch. Nesting follows from containment, so the innermost loops (the hot
// ones the throughput model analyzes) are those containing no other.
#pragma once

#include <cstdint>
#include <vector>

namespace uops {

struct CodeSite {
  static constexpr uint64_t kNoTarget = UINT64_MAX;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t branchTarget = kNoTarget; // a branch's target offset, else kNoTarget
};

struct MachineLoop {
  uint64_t start = 0; // the header: the backward branch's target
  uint64_t end = 0;   // one past the last backward branch to the header
  int depth = 1;      // loops containing it, plus one
  bool innermost = true;
};

// The loops of `code` (in offset order), sorted by start; back edges to one
// header make one loop.
std::vector<MachineLoop> findMachineLoops(const std::vector<CodeSite>& code);

} // namespace uops
