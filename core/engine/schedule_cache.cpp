#include "core/engine/schedule_cache.h"

#include "core/ir/graph_walk.h"

#include <list>

namespace uops {
namespace {

struct Entry {
  std::string device;
  bool heuristics = false;
  bool lowered = false; // for a target (else Rangeify's kernels)
  std::vector<UOpPtr> roots;
  std::shared_ptr<CachedSchedule> schedule;
};

struct Cache {
  std::mutex mutex;
  std::list<Entry> entries; // most recently used first
  ScheduleCacheStats stats;
};

Cache& cache() {
  static Cache* c = new Cache; // kept for the process: schedules outlive static destruction order
  return *c;
}

bool matches(const Entry& e, const Device& device, const std::optional<CodegenTarget>& target,
             const std::vector<UOpPtr>& roots) {
  return e.device == device.name() && e.lowered == target.has_value() &&
         e.heuristics == (target && target->heuristics) && e.roots == roots;
}

} // namespace

CanonicalRoots canonicalBuffers(std::span<const UOpPtr> roots) {
  CanonicalRoots out;
  NodeSubst renumber;
  for (const UOp* u : toposort(roots)) {
    if (u->op() != Op::Buffer) continue;
    BufferArg arg = u->argAs<BufferArg>();
    arg.id = static_cast<int64_t>(out.buffers.size()) + 1;
    out.buffers.push_back(u->ptr());
    UOpPtr canonical = u->withArg(arg);
    if (canonical.get() != u) renumber.emplace(u, std::move(canonical));
  }
  if (renumber.empty()) {
    out.roots.assign(roots.begin(), roots.end());
    return out;
  }
  UOpPtr all = substitute(UOp::make(Op::Tuple, dtypes::void_, UOpList(roots.begin(), roots.end())), renumber);
  out.roots = all->src();
  return out;
}

std::shared_ptr<CachedSchedule> cachedSchedule(Device& device, const std::optional<CodegenTarget>& target,
                                               const std::vector<UOpPtr>& canonicalRoots) {
  Cache& c = cache();
  {
    std::lock_guard lock(c.mutex);
    for (auto it = c.entries.begin(); it != c.entries.end(); ++it)
      if (matches(*it, device, target, canonicalRoots)) {
        c.entries.splice(c.entries.begin(), c.entries, it);
        ++c.stats.hits;
        return it->schedule;
      }
    ++c.stats.misses;
  }
  PipelineRun lowered = runPipeline(canonicalRoots, {.trace = false, .target = target});
  auto schedule = std::make_shared<CachedSchedule>();
  schedule->prepared = std::make_unique<PreparedSchedule>(device, lowered);
  std::lock_guard lock(c.mutex);
  for (const Entry& e : c.entries)
    if (matches(e, device, target, canonicalRoots)) return e.schedule; // another thread's, first
  c.entries.push_front({device.name(), target && target->heuristics, target.has_value(), canonicalRoots, schedule});
  if (c.entries.size() > scheduleCacheCapacity) c.entries.pop_back();
  return schedule;
}

ScheduleCacheStats scheduleCacheStats() {
  std::lock_guard lock(cache().mutex);
  return cache().stats;
}

} // namespace uops
