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

// The operand dtypes `op` accepts for a result of `dtype`, and its operand
// count; std::invalid_argument otherwise.
void checkElementwiseOperands(Op op, DType dtype, std::span<const DType> operands);

// One element of a tensor: element `index` of `tensor`, row-major.
struct ElementRef {
  const HostTensor* tensor;
  int64_t index;
};

// out[at] = op(in...): one element of elementwiseTensor (operands already
// checked and broadcast; out has the result dtype). Whole tensors and the
// fused reductions (fused_reduce.h) both compute through it.
void elementwiseElement(Op op, std::span<const ElementRef> in, HostTensor& out, int64_t at);

// Cast's value conversion alone (also elementwiseTensor(Op::Cast, ...)).
HostTensor castTensor(const HostTensor& in, DType dtype);

} // namespace uops
