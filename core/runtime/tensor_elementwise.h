// Elementwise ops on host tensors: primitives, decomposed ops and Cast.
//
// Sources broadcast as the spec says (right-align the shapes; each axis equal
// or 1). The result has dtype `dtype`, the node's: bool for comparisons, the
// target of a Cast, the operands' otherwise. Per-element laws: scalar_ops.h;
// Cast: float_convert.h. Mismatched operand dtypes, or an op the dtype has no
// meaning for, throw std::invalid_argument / std::domain_error.
#pragma once

#include "core/runtime/host_tensor.h"

#include <span>

namespace uops {

HostTensor elementwiseTensor(Op op, DType dtype, std::span<const HostTensor* const> srcs);

// Cast's value conversion alone (also elementwiseTensor(Op::Cast, ...)).
HostTensor castTensor(const HostTensor& in, DType dtype);

} // namespace uops
