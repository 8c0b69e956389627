// Walks and substitution that stay outside Function and Call bodies.
//
// A body's Params are slots of the Function that owns it, so a walk that
// collects "this graph's Params" or replaces them must not look inside nested
// bodies: tinygrad's toposort(enter_calls=False) and substitute.
#pragma once

#include "core/ir/uop.h"

#include <unordered_map>
#include <vector>

namespace uops::grad {

// Nodes in topological order (sources first), skipping src[0] of every Function
// and Call. Deterministic: sources are visited in order. Iterative.
std::vector<const UOp*> toposortOutsideCalls(const UOp& root);

// Whether a graph is made of constants alone (no Buffer, literal data or
// Param anywhere, nested bodies included): such a graph is one interned node
// with every equal constant, and has no device in tinygrad's sense.
bool constantsOnly(const UOp& root);

// root with every node found in `replace` swapped for its replacement and the
// users above it rebuilt (interned, so an untouched graph is root itself).
// Nested Function and Call bodies are left as they are.
UOpPtr substitute(const UOpPtr& root, const std::unordered_map<const UOp*, UOpPtr>& replace);

} // namespace uops::grad
