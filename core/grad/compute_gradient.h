// Reverse-mode differentiation of a UOp graph (tinygrad's compute_gradient).
#pragma once

#include "core/ir/uop.h"

#include <span>
#include <unordered_map>
#include <vector>

namespace uops::grad {

// A root and the gradient flowing into it (same shape and dtype).
struct GradientSeed {
  UOpPtr root;
  UOpPtr grad;
};

// Gradients keyed by node; the seeds' roots own the keys.
using GradientMap = std::unordered_map<const UOp*, UOpPtr>;

// Walks the nodes on a path from a target up to a root, users before sources,
// applying each op's local rule and summing what reaches a node from several
// users. Detach blocks the walk. A Function's gradient is itself a Function
// over the body's backward graph (call_gradient.h). The result holds every
// node that received a gradient, targets among them; a target no path reaches
// is absent.
GradientMap computeGradient(std::span<const GradientSeed> seeds, std::span<const UOpPtr> targets);

} // namespace uops::grad
