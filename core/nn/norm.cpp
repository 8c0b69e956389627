// layernorm and batchnorm.
#include "core/nn/norm.h"

#include "core/nn/nn_helpers.h"

#include <algorithm>

namespace uops {
using namespace nn_detail;

Tensor layernorm(const Tensor& x, const IntTuple& axis, double eps) {
  Axes axes(axis.values());
  Tensor centered = x - x.mean(axes, true);
  return centered.mul((centered * centered).mean(axes, true).add(eps).rsqrt());
}

Tensor batchnorm(const Tensor& x, const std::optional<Tensor>& weight,
                 const std::optional<Tensor>& bias, const Tensor& mean, const Tensor& invstd,
                 const IntTuple& axis) {
  Ints axes;
  for (int64_t a : axis.values())
    axes.push_back(resolveDim(a, x.ndim()));
  // The statistics' shape: x's size on the normalized axes, 1 elsewhere.
  Shape shape;
  for (int64_t k = 0; k < x.ndim(); ++k)
    shape.push_back(std::ranges::count(axes, k) ? x.shape()[static_cast<size_t>(k)] : 1);
  Tensor y = x - mean.reshape(shape);
  if (weight) y = y * weight->reshape(shape);
  y = y.mul(invstd.ndim() == static_cast<int64_t>(axes.size()) ? invstd.reshape(shape) : invstd);
  return bias ? y + bias->reshape(shape) : y;
}

} // namespace uops
