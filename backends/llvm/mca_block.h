// One block of machine instructions through LLVM's machine-code analyzer for
// a CPU's scheduling model: the MCA half of the throughput model
// (loop_throughput.h), which picks the block.
#pragma once

#include "backends/llvm/loop_throughput.h"
#include "backends/llvm/target_desc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class MCInst;
} // namespace llvm

namespace uops {

struct BlockInstruction {
  const llvm::MCInst* instruction = nullptr;
  uint64_t offset = 0;
  std::string text;
};

// Fills the MCA figures of `loop` (cycles, bounds, stalls, bottleneck, ports,
// instructions) for `body` on `target`'s CPU. `repeats`: iterated to a steady
// state (cycles of 200 iterations less those of 100, over 100), else run once.
// Throws JitError when the CPU has no scheduling model or MCA rejects an instruction.
void modelBlock(const std::vector<BlockInstruction>& body, const TargetDesc& target, bool repeats,
                LoopThroughput& loop);

} // namespace uops
