// Register/Memory Plan: storage for values with non-overlapping lifetimes.
//
// Within a kernel (planKernelMemory): every REG Buffer of the Linear that is
// stored to or loaded from (the accumulators Linearize made) gets a register
// slot; two buffers of one dtype and size whose lifetimes (first Store to last
// Load) do not overlap share one. A buffer used inside a loop whose first use
// is before the loop lives until the loop's End (the next iteration reads it
// again).
//
// Across a schedule (planBuffers): intermediate buffers (written by one item
// and read by later ones, not a result) share storage when their lifetimes,
// counted in schedule items, do not overlap; inputs and results keep their own.
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <span>
#include <vector>

namespace uops {

struct RegisterSlot {
  DType dtype;
  int64_t size = 0; // elements
};

struct RegisterUse {
  UOpPtr buffer;              // the REG Buffer node
  size_t first = 0, last = 0; // positions in the Linear, lifetime extended over loops
  int slot = 0;
};

struct KernelMemoryPlan {
  std::vector<RegisterSlot> slots;
  std::vector<RegisterUse> registers; // in order of first use
  // The slot of a REG Buffer node; -1 if the plan does not know it.
  int slotOf(const UOp& buffer) const;
};

KernelMemoryPlan planKernelMemory(const UOpPtr& linear);

// One buffer of a schedule.
struct BufferLifetime {
  int64_t id = 0;
  int64_t bytes = 0;
  size_t firstUse = 0, lastUse = 0; // schedule items
  bool external = false;            // an input or a result: never shares storage
  bool result = false;              // the result Tuple names it
  DType dtype{};                    // its element dtype
  std::vector<size_t> writers{}, readers{}; // the items that store to it, that load from it
};

struct BufferPlan {
  // Storage slot of each planned buffer, parallel to the input; -1 for external ones.
  std::vector<int> slotOf;
  std::vector<int64_t> slotBytes;
  int64_t plannedBytes = 0; // sum of slotBytes
  int64_t naiveBytes = 0;   // one allocation per intermediate buffer
};

BufferPlan planBuffers(std::span<const BufferLifetime> buffers);

// The lifetimes in a Rangeify schedule, Linear(item..., Tuple(result...)) (see
// README.md): items are copies Store(Buffer, Load(...)) and kernel launches
// Call(Sink(ast), buf...). A buffer whose first use reads it, and every buffer
// the result Tuple names, is external. In order of first use, then id; an
// item that updates a buffer in place is both its reader and its writer.
std::vector<BufferLifetime> bufferLifetimes(const UOpPtr& schedule);
BufferPlan planBuffers(const UOpPtr& schedule);

} // namespace uops
