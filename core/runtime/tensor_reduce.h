// Reduce on host tensors: collapse axes to size 1 with Add, Max or Mul.
#pragma once

#include "core/runtime/host_tensor.h"

namespace uops {

// Accumulates in the dtype's own arithmetic (scalar_ops.h): each output starts
// from the op's identity and takes its inputs one at a time in row-major order,
// rounding (floats) or wrapping (ints) after every step, as a sequential loop
// in that dtype would. Axes outside the tensor throw std::invalid_argument.
HostTensor reduceTensor(const HostTensor& in, Op op, const Ints& axes);

} // namespace uops
