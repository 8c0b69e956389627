// linear: a dot product (or a scale, for a 1-D weight) plus the bias.
#include "core/nn/linear.h"

namespace uops {

Tensor linear(const Tensor& x, const Tensor& weight, const std::optional<Tensor>& bias,
              std::optional<DType> dtype) {
  if (dtype) {
    std::optional<Tensor> b = bias ? std::optional(bias->cast(*dtype)) : std::nullopt;
    return linear(x.cast(*dtype), weight.cast(*dtype), b);
  }
  Tensor y = weight.ndim() == 1 ? x.mul(weight) : x.dot(weight);
  return bias ? y.add(*bias) : y;
}

} // namespace uops
