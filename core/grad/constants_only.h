// Whether a graph is made of constants alone (the gradient's walks and
// substitution outside call bodies are core/ir/graph_walk.h's,
// WalkScope::OutsideCalls).
#pragma once

#include "core/ir/uop.h"

namespace uops::grad {

// No Buffer, literal data or Param anywhere, nested bodies included: such a
// graph is one interned node with every equal constant, and has no device in
// tinygrad's sense.
bool constantsOnly(const UOp& root);

} // namespace uops::grad
