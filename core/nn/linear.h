// tinygrad's Tensor.linear: x @ weight + bias.
#pragma once

#include "core/tensor/tensor.h"

#include <optional>

namespace uops {

// weight is (in, out), tinygrad's layout: nn.Linear keeps (out, in) and passes
// weight.T. A 1-D weight scales elementwise instead. `dtype` casts all three
// operands first.
Tensor linear(const Tensor& x, const Tensor& weight,
              const std::optional<Tensor>& bias = std::nullopt,
              std::optional<DType> dtype = std::nullopt);

} // namespace uops
