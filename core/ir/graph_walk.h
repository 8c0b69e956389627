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

#include "core/ir/uop.h"

#include <unordered_map>
#include <vector>

namespace uops {

// Which sources of `node` a walk follows.
enum class WalkScope {
  All,            // every source
  OutsideCalls,   // not src[0] (the body) of a Function or Call
  OutsideBuffers, // as OutsideCalls, and not the sources of an After (a buffer state)
};

bool followsSource(const UOp& node, size_t i, WalkScope scope);

// Nodes in topological order (sources first) within `scope`.
std::vector<const UOp*> toposortIn(const UOp& root, WalkScope scope);

// Node -> replacement, keyed by pointer for look-up only (never iterated).
using NodeSubst = std::unordered_map<const UOp*, UOpPtr>;

// root with every node in `subst` swapped for its replacement and the users
// above it rebuilt. One pass: a replacement is not substituted again, so a map
// may send a node to something that contains another key. Sources outside
// `scope` are kept as they are.
UOpPtr substitute(const UOpPtr& root, const NodeSubst& subst, WalkScope scope = WalkScope::All);

} // namespace uops
