// Lowered and compiled schedules kept for the process, by the program's
// structure. A training loop runs the same step again and again on other
// buffers: renumbered (canonicalBuffers), two such steps are one interned
// graph, so the second finds the first's lowering, compiled kernels and
// device buffers, and only uploads its inputs and runs. The most recently
// used schedules are kept (scheduleCacheCapacity); a lowering that fails is
// not kept, so it fails again with its message.
#pragma once

#include "core/render/codegen_target.h"
#include "core/engine/device_schedule.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

namespace uops {

// `roots` with every Buffer renumbered 1, 2, ... in the order toposort meets
// them; buffers[k] is the Buffer that canonical id k + 1 stands for.
struct CanonicalRoots {
  std::vector<UOpPtr> roots;
  std::vector<UOpPtr> buffers;
};
CanonicalRoots canonicalBuffers(std::span<const UOpPtr> roots);

struct CachedSchedule {
  std::mutex running; // one run at a time: the device buffers are the schedule's own
  std::unique_ptr<PreparedSchedule> prepared;
};

// The schedule of `canonicalRoots` lowered for `target` (none: Rangeify's
// kernels, for a device without a code generator) and compiled on `device`:
// from the cache, or lowered and compiled now. Throws as runPipeline's
// failure (DeviceError) and the device's compiler do.
std::shared_ptr<CachedSchedule> cachedSchedule(Device& device, const std::optional<CodegenTarget>& target,
                                               const std::vector<UOpPtr>& canonicalRoots);

constexpr size_t scheduleCacheCapacity = 64;

struct ScheduleCacheStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
};
ScheduleCacheStats scheduleCacheStats();

} // namespace uops
