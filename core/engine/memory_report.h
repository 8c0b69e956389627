// The Register/Memory Plan as its users see it (uopc memory, the explorer's
// Memory view): the schedule's buffers over its items, and a kernel's
// registers over its linearized instructions.
//
// A buffer lives from its first use to its last, counted in schedule items
// (memory_plan.h's lifetime): inputs from their first reader, results from
// their writer to their last reader. The live bytes of an item are the bytes
// of the buffers live there; the peak is the first item with the most.
#pragma once

#include "core/pipeline/pipeline_runner.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

// An input is read before anything writes it; a result is one of the
// schedule's outputs; every other buffer is an intermediate, the only kind
// that shares storage.
enum class BufferRole { Input, Intermediate, Result };
std::string_view bufferRoleName(BufferRole role); // "input", "intermediate", "result"

struct ScheduleItem {
  std::string label;  // "#2 r_4_16" (kernelLabel) for a launch, "copy" for a copy
  int64_t kernel = -1; // its schedule kernel index; -1 for a copy
};

struct ScheduleBuffer {
  int64_t id = 0;
  int64_t bytes = 0;
  DType dtype{};
  BufferRole role = BufferRole::Intermediate;
  size_t first = 0, last = 0;               // items
  std::vector<size_t> writers{}, readers{}; // items
  int storage = -1; // the planned storage slot of an intermediate; -1: its own
};

struct ScheduleMemory {
  std::vector<ScheduleItem> items;     // in schedule order
  std::vector<ScheduleBuffer> buffers; // in order of first use, then id
  std::vector<int64_t> storageBytes;   // per planned slot
  int64_t plannedBytes = 0;            // intermediates, planned: sum of storageBytes
  int64_t naiveBytes = 0;              // intermediates, one allocation each
  std::vector<int64_t> liveBytes;      // per item
  size_t peak = 0;                     // the item of the peak (0 for an empty schedule)
  std::vector<size_t> liveAtPeak;      // indices into buffers

  int64_t peakBytes() const { return liveBytes.empty() ? 0 : liveBytes[peak]; }
  // Indices of the buffers live at `item`, in the order of `buffers`.
  std::vector<size_t> liveAt(size_t item) const;
};

// The schedule of a run that got past Rangeify; empty before.
ScheduleMemory scheduleMemory(const PipelineRun& run);

struct KernelRegister {
  int64_t buffer = 0; // the REG Buffer's id
  DType dtype{};
  int64_t size = 0;           // elements
  size_t first = 0, last = 0; // positions in the Linear, extended over loops
  int slot = 0;
};

struct KernelRegisters {
  size_t kernel = 0;
  std::string label;                     // "#1 r_4_16"
  std::vector<std::string> instructions; // the Linear's ops by position ("Range", "Load", ...)
  std::vector<RegisterSlot> slots;
  std::vector<KernelRegister> registers; // in order of first use
  bool planned = false;                  // false: the kernel did not reach the Register/Memory Plan
};

// Kernel `kernel` of `run` (schedule index, < run.kernels.size()).
KernelRegisters kernelRegisters(const PipelineRun& run, size_t kernel);

} // namespace uops
