// Internal helpers shared by the core/nn files: Python-style dims and messages,
// tinygrad's private tensor helpers rebuilt from public Tensor methods.
#pragma once

#include "core/tensor/tensor.h"

#include <string>

namespace uops::nn_detail {

[[noreturn]] void fail(std::string message); // throws TensorError

// Python's floor division and tinygrad's ceildiv on ints.
int64_t floorDiv(int64_t a, int64_t b);
inline int64_t ceilDiv(int64_t a, int64_t b) {
  return -floorDiv(a, -b);
}

// A negative dim counted from the end; TensorError when out of range.
int64_t resolveDim(int64_t dim, int64_t ndim);

// Python's repr of a float: 0.5 -> "0.5", 2.0 -> "2.0".
std::string pyFloat(double v);

// The last `count` axes, -count .. -1.
Ints lastAxes(size_t count);

// tinygrad's _one_hot_along_dim: t == arange(numClasses) laid along `dim`, so an
// int index tensor with a size-1 axis at `dim` becomes a bool mask over classes.
Tensor oneHotAlongDim(const Tensor& t, int64_t numClasses, int64_t dim = -1);

// tinygrad's _do_reduction: "none", "sum" or "mean" of a loss.
Tensor applyReduction(const Tensor& loss, const std::string& reduction);

} // namespace uops::nn_detail
