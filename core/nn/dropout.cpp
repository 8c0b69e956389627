// dropout: a random keep-mask, rescaled so the expectation is unchanged.
#include "core/nn/dropout.h"

#include "core/nn/nn_helpers.h"

#include <fmt/format.h>

namespace uops {
using namespace nn_detail;

Tensor dropout(const Tensor& x, double p, bool training) {
  if (!(p >= 0 && p <= 1)) fail(fmt::format("p={} is out of range [0, 1]", pyFloat(p)));
  if (!training || p == 0) return x;
  if (p == 1) return x.constLike(0);
  // contiguous: the mask is realized once, not recomputed per use of x.
  return x.randLike(dtypes::float32).ge(p).contiguous().where(x, 0) / (1.0 - p);
}

} // namespace uops
