// The local gradient of each op: given ctx, the gradient of a node's output,
// the gradient each of its sources receives (tinygrad's pm_gradient).
//
// A source's gradient may still have the node's broadcast shape (Expand passes
// ctx through, Mul multiplies by a broadcast operand); the walk sums it back to
// the source's shape. Function, Call and GetTuple are the walk's own business
// (compute_gradient.cpp, call_gradient.cpp).
#pragma once

#include "core/ir/uop.h"

#include <vector>

namespace uops::grad {

// One entry per source of node; null where a source receives no gradient.
using SourceGrads = std::vector<UOpPtr>;

// Throws TensorError "failed to compute gradient for <Op>" for ops that have no
// tensor-level gradient (kernel-level and codegen ops, Index, opaque Calls).
SourceGrads localGradient(const UOp& node, const UOpPtr& ctx);

// The rules too long for a line of the switch, by op group.
SourceGrads maxGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads powGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads divGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads padGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads shrinkGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads permuteGradient(const UOp& node, const UOpPtr& ctx);
// Replicated keeps replica 0 of its axes: the others get zeros.
SourceGrads replicatedGradient(const UOp& node, const UOpPtr& ctx);
// A copy to another device: the gradient is copied back to the source's.
SourceGrads copyGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads stackGradient(const UOp& node, const UOpPtr& ctx);
SourceGrads reduceGradient(const UOp& node, const UOpPtr& ctx);

} // namespace uops::grad
