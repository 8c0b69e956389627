#include "backends/llvm/machine_loops.h"

#include <algorithm>
#include <map>

namespace uops {
namespace {

bool loopContains(const MachineLoop& outer, const MachineLoop& inner) {
  return outer.start <= inner.start && inner.end <= outer.end &&
         (outer.start != inner.start || outer.end != inner.end);
}

} // namespace

std::vector<MachineLoop> findMachineLoops(const std::vector<CodeSite>& code) {
  std::map<uint64_t, uint64_t> endByHeader; // the farthest back edge to each header
  for (const CodeSite& site : code) {
    if (site.branchTarget == CodeSite::kNoTarget || site.branchTarget > site.offset) continue;
    uint64_t& end = endByHeader[site.branchTarget];
    end = std::max(end, site.offset + site.size);
  }
  std::vector<MachineLoop> loops;
  for (const auto& [start, end] : endByHeader) loops.push_back({.start = start, .end = end, .depth = 1, .innermost = true});
  for (MachineLoop& loop : loops)
    for (const MachineLoop& other : loops) {
      if (loopContains(other, loop)) ++loop.depth;
      if (loopContains(loop, other)) loop.innermost = false;
    }
  return loops;
}

} // namespace uops
