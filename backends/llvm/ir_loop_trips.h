// How often each innermost loop of the optimized IR runs its body per call of
// the entry: ScalarEvolution's constant trip count of the loop and of every
// loop around it, multiplied. The machine code keeps the optimized IR's loops
// (code generation neither unrolls nor fuses them), so these counts belong to
// the machine code's innermost loops, in the same order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

struct IrLoopTrips {
  int depth = 1;           // loops containing it, plus one
  uint64_t executions = 0; // body executions per call; 0 when a trip count is not a constant
  std::string header;      // the header block's name, for messages
};

// The entry's innermost loops in the order of their headers in the function.
// Throws JitError for IR that does not parse or lacks the entry.
std::vector<IrLoopTrips> innermostLoopTrips(const std::string& optimizedIr, const std::string& entry);

} // namespace uops
