// The gradient of a Function node: a backward Function (tinygrad's call_gradient).
#pragma once

#include "core/grad/gradient_rules.h"

#include <vector>

namespace uops::grad {

// outputGrads[i]: the gradient reaching GetTuple i of `function`, or null.
// needed[k]: whether argument k lies on a path to a target. Returns one entry
// per source of `function` (the body's entry null): argument k's gradient is
// GetTuple of one backward Function(Tuple(d body / d Param k ...), args...,
// output gradients...), its unused Params dropped and renumbered, so equal
// bodies called alike share one backward body.
SourceGrads callGradient(const UOp& function, const std::vector<UOpPtr>& outputGrads,
                         const std::vector<bool>& needed);

} // namespace uops::grad
