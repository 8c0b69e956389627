// Normalizations as tinygrad's Tensor.layernorm / batchnorm (no learned state:
// the nn.LayerNorm / nn.BatchNorm modules pass their weights in).
#pragma once

#include "core/nn/int_tuple.h"
#include "core/tensor/tensor.h"

#include <optional>

namespace uops {

// (x - mean) / sqrt(var + eps) over `axis` (an int or a tuple), the variance
// without correction; no affine part.
Tensor layernorm(const Tensor& x, const IntTuple& axis = -1, double eps = 1e-5);

// (x - mean) * weight * invstd + bias, where mean, invstd, weight and bias have
// the sizes of the `axis` axes (an int or a tuple) and broadcast over the rest.
// An invstd of another rank is used as it is. Negative axes count from the end
// (tinygrad compares them unresolved, so only non-negative axes work there).
Tensor batchnorm(const Tensor& x, const std::optional<Tensor>& weight,
                 const std::optional<Tensor>& bias, const Tensor& mean, const Tensor& invstd,
                 const IntTuple& axis = 1);

} // namespace uops
