#include "core/ir/graph_walk.h"

#include "core/ir/node_map.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace uops {

bool followsSource(const UOp& node, size_t i, WalkScope scope) {
  if (scope == WalkScope::All) return true;
  if ((node.op() == Op::Function || node.op() == Op::Call) && i == 0) return false;
  return !(scope == WalkScope::OutsideBuffers && node.op() == Op::After);
}

std::vector<const UOp*> toposortIn(const UOp& root, WalkScope scope) {
  return postOrder(root, [scope](const UOp& node, size_t i) { return followsSource(node, i, scope); });
}

std::vector<const UOp*> nodesWithOps(const UOp& root, const OpSet& ops) {
  std::vector<const UOp*> out;
  if ((root.opsBelow() & ops).none()) return out;
  for (const UOp* u : postOrder(root, [&ops](const UOp& node, size_t i) { return (node.src(i)->opsBelow() & ops).any(); }))
    if (ops.test(static_cast<size_t>(u->op()))) out.push_back(u);
  return out;
}

UOpPtr substitute(const UOpPtr& root, const NodeSubst& subst, WalkScope scope) {
  if (subst.empty()) return root;
  std::vector<const UOp*> order = toposortIn(*root, scope);
  NodeMap<uint32_t> position(order.size());
  // per position, the node's replacement; null where it stays itself
  std::vector<UOpPtr> done(order.size());
  auto changed = [&](const UOp* n) -> const UOpPtr* {
    const UOpPtr& d = done[*position.find(n)];
    return d && d.get() != n ? &d : nullptr;
  };
  for (size_t k = 0; k < order.size(); ++k) {
    const UOp* node = order[k];
    position[node] = static_cast<uint32_t>(k);
    if (auto it = subst.find(node); it != subst.end()) {
      done[k] = it->second;
      continue;
    }
    std::optional<UOpList> src; // made when a first source changes
    for (size_t i = 0; i < node->src().size(); ++i) {
      if (!followsSource(*node, i, scope)) continue;
      const UOpPtr* r = changed(node->src(i).get());
      if (!r) continue;
      if (!src) src = node->src();
      (*src)[i] = *r;
    }
    if (src) done[k] = node->withSrc(std::move(*src));
  }
  return done.back() ? done.back() : root;
}

} // namespace uops
