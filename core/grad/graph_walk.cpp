#include "core/grad/graph_walk.h"

#include <unordered_set>

namespace uops::grad {
namespace {

bool isCallable(const UOp& u) {
  return u.op() == Op::Function || u.op() == Op::Call;
}

// The sources a walk outside call bodies follows.
size_t firstFollowed(const UOp& u) {
  return isCallable(u) ? 1 : 0;
}

} // namespace

bool constantsOnly(const UOp& root) {
  for (const UOp* u : toposort(root))
    if (u->op() == Op::Buffer || u->op() == Op::Binary || u->op() == Op::Param) return false;
  return true;
}

std::vector<const UOp*> toposortOutsideCalls(const UOp& root) {
  std::vector<const UOp*> order;
  std::unordered_set<const UOp*> seen{&root};
  // (node, next source to visit): post-order without recursion.
  std::vector<std::pair<const UOp*, size_t>> stack{{&root, firstFollowed(root)}};
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next == node->src().size()) {
      order.push_back(node);
      stack.pop_back();
      continue;
    }
    const UOp* s = node->src(next++).get();
    if (seen.insert(s).second) stack.emplace_back(s, firstFollowed(*s));
  }
  return order;
}

UOpPtr substitute(const UOpPtr& root, const std::unordered_map<const UOp*, UOpPtr>& replace) {
  std::unordered_map<const UOp*, UOpPtr> done;
  for (const UOp* node : toposortOutsideCalls(*root)) {
    if (auto it = replace.find(node); it != replace.end()) {
      done.emplace(node, it->second);
      continue;
    }
    UOpList src = node->src();
    for (size_t i = firstFollowed(*node); i < src.size(); ++i)
      src[i] = done.at(src[i].get());
    done.emplace(node, node->withSrc(std::move(src)));
  }
  return done.at(root.get());
}

} // namespace uops::grad
