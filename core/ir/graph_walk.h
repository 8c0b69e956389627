// Graph walks and one-pass substitution, the one implementation every stage
// and the gradient use (toposort in uop.h is the whole-graph walk).
//
// Walks may stop somewhere: a Function's body belongs to the Function (its
// Params are the Function's slots: tinygrad's toposort(enter_calls=False)),
// and during Rangeify a buffer state After(buf, store) belongs to the kernel
// that writes it, so a consumer's substitution must not reach into the
// producer's kernel. The walks are iterative and visit sources in order
// (never by pointer value). A pass whose substitution the explorer should show
// as rewrites records it with substituteStep (core/rewrite/substitute_step.h).
#pragma once

#include "core/ir/node_map.h"
#include "core/ir/scratch_node_set.h"
#include "core/ir/uop.h"

#include <unordered_map>
#include <utility>
#include <vector>

namespace uops {

// Which sources of `node` a walk follows.
enum class WalkScope {
  All,            // every source
  OutsideCalls,   // not src[0] (the body) of a Function or Call
  OutsideBuffers, // as OutsideCalls, and not the sources of an After (a buffer state)
};

bool followsSource(const UOp& node, size_t i, WalkScope scope);

// Nodes in topological order (sources first, each source in order), following
// source i of a node only where follows(node, i): the one post-order walk
// (iterative, any depth) that the scoped walks, a substitution's reach and the
// explorer's filtered graph use.
template <class Follows> std::vector<const UOp*> postOrder(const UOp& root, Follows&& follows) {
  std::vector<const UOp*> order;
  ScratchNodeSet seen;
  seen.insert(&root);
  // (node, next source to look at)
  std::vector<std::pair<const UOp*, size_t>> stack{{&root, 0}};
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next == node->src().size()) {
      order.push_back(node);
      stack.pop_back();
      continue;
    }
    size_t i = next++;
    if (!follows(*node, i)) continue;
    const UOp* s = node->src(i).get();
    if (seen.insert(s)) stack.emplace_back(s, 0);
  }
  return order;
}

// Nodes in topological order (sources first) within `scope`.
std::vector<const UOp*> toposortIn(const UOp& root, WalkScope scope);

// The nodes under `root` whose op is in `ops`, in the order toposort gives
// them. The walk enters only sources that hold such a node (UOp::opsBelow):
// finding a kernel's Ends does not walk its arithmetic.
std::vector<const UOp*> nodesWithOps(const UOp& root, const OpSet& ops);

// Node -> replacement, keyed by pointer for look-up only (never iterated).
using NodeSubst = std::unordered_map<const UOp*, UOpPtr>;

// root with every node in `subst` swapped for its replacement and the users
// above it rebuilt. One pass: a replacement is not substituted again, so a map
// may send a node to something that contains another key. Sources outside
// `scope` are kept as they are.
UOpPtr substitute(const UOpPtr& root, const NodeSubst& subst, WalkScope scope = WalkScope::All);

} // namespace uops
