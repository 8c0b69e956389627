#include "backends/llvm/machine_loops.h"

#include <algorithm>
#include <unordered_map>

namespace uops {
namespace {

constexpr size_t kNone = SIZE_MAX;

struct Block {
  size_t first = 0, last = 0; // sites
  std::vector<size_t> successors, predecessors;
};

std::vector<Block> basicBlocks(const std::vector<CodeSite>& code) {
  std::unordered_map<uint64_t, size_t> siteAt;
  for (size_t i = 0; i < code.size(); ++i) siteAt[code[i].offset] = i;
  auto targetSite = [&](const CodeSite& site) {
    if (site.branchTarget == CodeSite::kNoTarget) return kNone;
    const auto it = siteAt.find(site.branchTarget);
    return it == siteAt.end() ? kNone : it->second;
  };
  std::vector<bool> leader(code.size(), false);
  if (!code.empty()) leader[0] = true;
  for (size_t i = 0; i < code.size(); ++i) {
    if (const size_t t = targetSite(code[i]); t != kNone) leader[t] = true;
    const bool endsBlock = code[i].branchTarget != CodeSite::kNoTarget || !code[i].fallsThrough;
    if (endsBlock && i + 1 < code.size()) leader[i + 1] = true;
  }
  std::vector<Block> blocks;
  std::vector<size_t> blockOf(code.size());
  for (size_t i = 0; i < code.size(); ++i) {
    if (leader[i]) blocks.push_back({.first = i, .last = i, .successors = {}, .predecessors = {}});
    blocks.back().last = i;
    blockOf[i] = blocks.size() - 1;
  }
  for (size_t b = 0; b < blocks.size(); ++b) {
    const CodeSite& end = code[blocks[b].last];
    if (const size_t t = targetSite(end); t != kNone) blocks[b].successors.push_back(blockOf[t]);
    if (end.fallsThrough && b + 1 < blocks.size()) blocks[b].successors.push_back(b + 1);
    for (size_t s : blocks[b].successors) blocks[s].predecessors.push_back(b);
  }
  return blocks;
}

// Blocks reachable from the entry in reverse post-order.
std::vector<size_t> reversePostOrder(const std::vector<Block>& blocks) {
  std::vector<size_t> order;
  if (blocks.empty()) return order;
  std::vector<bool> seen(blocks.size(), false);
  std::vector<std::pair<size_t, size_t>> stack{{0, 0}}; // block, next successor
  seen[0] = true;
  while (!stack.empty()) {
    auto& [b, next] = stack.back();
    if (next < blocks[b].successors.size()) {
      const size_t s = blocks[b].successors[next++];
      if (!seen[s]) {
        seen[s] = true;
        stack.push_back({s, 0});
      }
      continue;
    }
    order.push_back(b);
    stack.pop_back();
  }
  std::reverse(order.begin(), order.end());
  return order;
}

// Immediate dominators (Cooper, Harvey and Kennedy's iteration); kNone for
// unreachable blocks.
std::vector<size_t> immediateDominators(const std::vector<Block>& blocks, const std::vector<size_t>& order) {
  std::vector<size_t> rank(blocks.size(), kNone), idom(blocks.size(), kNone);
  for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  if (order.empty()) return idom;
  idom[order[0]] = order[0];
  auto intersect = [&](size_t a, size_t b) {
    while (a != b) {
      while (rank[a] > rank[b]) a = idom[a];
      while (rank[b] > rank[a]) b = idom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 1; i < order.size(); ++i) {
      size_t dom = kNone;
      for (size_t p : blocks[order[i]].predecessors)
        if (idom[p] != kNone) dom = dom == kNone ? p : intersect(p, dom);
      if (dom != idom[order[i]]) {
        idom[order[i]] = dom;
        changed = true;
      }
    }
  }
  return idom;
}

bool dominates(const std::vector<size_t>& idom, size_t a, size_t b) {
  if (idom[b] == kNone) return false;
  for (;;) {
    if (a == b) return true;
    if (idom[b] == b) return false;
    b = idom[b];
  }
}

} // namespace

std::vector<MachineLoop> findMachineLoops(const std::vector<CodeSite>& code) {
  const std::vector<Block> blocks = basicBlocks(code);
  const std::vector<size_t> idom = immediateDominators(blocks, reversePostOrder(blocks));
  // each header's body: the blocks that reach one of its back edges' sources without passing it
  std::vector<std::pair<size_t, std::vector<bool>>> bodies;
  for (size_t header = 0; header < blocks.size(); ++header) {
    std::vector<size_t> work;
    for (size_t p : blocks[header].predecessors)
      if (dominates(idom, header, p)) work.push_back(p);
    if (work.empty()) continue;
    std::vector<bool> body(blocks.size(), false);
    body[header] = true;
    while (!work.empty()) {
      const size_t b = work.back();
      work.pop_back();
      if (body[b]) continue;
      body[b] = true;
      for (size_t p : blocks[b].predecessors)
        if (idom[p] != kNone) work.push_back(p);
    }
    bodies.emplace_back(header, std::move(body));
  }
  std::vector<MachineLoop> loops;
  for (const auto& [header, body] : bodies) {
    MachineLoop loop{.start = UINT64_MAX, .end = 0, .header = code[blocks[header].first].offset, .depth = 1,
                     .innermost = true};
    for (size_t b = 0; b < blocks.size(); ++b)
      if (body[b]) {
        loop.start = std::min(loop.start, code[blocks[b].first].offset);
        loop.end = std::max(loop.end, code[blocks[b].last].offset + code[blocks[b].last].size);
      }
    for (const auto& [otherHeader, otherBody] : bodies) {
      if (otherHeader == header) continue;
      if (otherBody[header]) ++loop.depth;
      if (body[otherHeader]) loop.innermost = false;
    }
    loops.push_back(loop);
  }
  std::sort(loops.begin(), loops.end(), [](const MachineLoop& a, const MachineLoop& b) { return a.start < b.start; });
  return loops;
}

} // namespace uops
