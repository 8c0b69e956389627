#include "core/pipeline/rangeify_graph.h"

#include <unordered_set>

namespace uops {

bool followsSource(const UOp& node, size_t i, WalkScope scope) {
  if (scope == WalkScope::All) return true;
  if ((node.op() == Op::Function || node.op() == Op::Call) && i == 0) return false;
  return !(scope == WalkScope::OutsideBuffers && node.op() == Op::After);
}

std::vector<const UOp*> toposortIn(const UOp& root, WalkScope scope) {
  std::vector<const UOp*> order;
  std::unordered_set<const UOp*> seen{&root};
  // (node, next source to look at): post-order without recursion.
  std::vector<std::pair<const UOp*, size_t>> stack{{&root, 0}};
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next == node->src().size()) {
      order.push_back(node);
      stack.pop_back();
      continue;
    }
    size_t i = next++;
    if (!followsSource(*node, i, scope)) continue;
    const UOp* s = node->src(i).get();
    if (seen.insert(s).second) stack.emplace_back(s, 0);
  }
  return order;
}

UOpPtr substitute(const UOpPtr& root, const NodeSubst& subst, WalkScope scope) {
  if (subst.empty()) return root;
  std::unordered_map<const UOp*, UOpPtr> done;
  for (const UOp* node : toposortIn(*root, scope)) {
    if (auto it = subst.find(node); it != subst.end()) {
      done.emplace(node, it->second);
      continue;
    }
    UOpList src = node->src();
    for (size_t i = 0; i < src.size(); ++i)
      if (followsSource(*node, i, scope)) src[i] = done.at(src[i].get());
    done.emplace(node, node->withSrc(std::move(src)));
  }
  return done.at(root.get());
}

} // namespace uops
