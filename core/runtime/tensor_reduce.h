// Reduce on host tensors: collapse axes to size 1 with Add, Max or Mul.
#pragma once

#include "core/runtime/host_tensor.h"
#include "core/runtime/tensor_elementwise.h"

#include <functional>

namespace uops {

// Accumulates in the dtype's own arithmetic (scalar_ops.h): each output starts
// from the op's identity and takes its inputs one at a time in row-major order,
// rounding (floats) or wrapping (ints) after every step, as a sequential loop
// in that dtype would. Axes outside the tensor throw std::invalid_argument.
HostTensor reduceTensor(const HostTensor& in, Op op, const Ints& axes);

// Throws std::invalid_argument for a reduce op other than Add, Max and Mul
// and for axes outside a tensor of `rank` axes.
void checkReduce(Op op, const Ints& axes, size_t rank);

// The same reduction over an operand that is never materialized: `element`
// gives the operand's element at a multi-index of `shape` (dtype `dtype`),
// asked in row-major order; its ElementRef is read before the next call.
// `poll` is called now and then (every 2^20 elements), to let a cancelled
// evaluation throw.
using ElementAt = std::function<ElementRef(const std::vector<int64_t>& index)>;
HostTensor reduceElements(DType dtype, const Shape& shape, Op op, const Ints& axes,
                          const ElementAt& element, const std::function<void()>& poll = {});

} // namespace uops
