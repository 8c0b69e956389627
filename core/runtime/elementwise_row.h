// One elementwise op over rows of elements: operand buffers in, a result
// buffer out, each element as elementwiseElement defines it.
//
// The whole-tensor ops (tensor_elementwise.h) and the fused Reduces
// (fused_reduce.h) gather their operands' elements into contiguous rows and
// compute through here. Arithmetic on float32/float64 and integer types,
// comparisons of those and Where with a bool condition run as loops over the
// element type; every other op and dtype is elementwiseElement per element.
#pragma once

#include "core/runtime/host_tensor.h"

#include <span>

namespace uops {

// out[j] = op(in[0][j], in[1][j], ...) for j < count: each buffer a 1-D
// tensor of at least count elements; operands of the dtypes checked by
// checkElementwiseOperands, out of the result dtype (a Cast's target).
void elementwiseRow(Op op, std::span<const HostTensor* const> in, HostTensor& out, int64_t count);

} // namespace uops
