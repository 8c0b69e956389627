// Tensor.newton_schulz: the odd-polynomial Newton-Schulz iteration Muon orthogonalizes its updates with.
#include "core/tensor/tensor.h"
#include "core/tensor/tensor_impl.h"

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::newtonSchulz(int64_t steps, const std::vector<double>& params, double eps) const {
  if (ndim() < 2) fail(fmt::format("newton_schulz needs a tensor of two or more dims, got shape {}", toString(shape())));
  if (params.empty()) fail("newton_schulz needs at least one polynomial coefficient");
  const Shape& s = shape();
  // a tall matrix iterates on its transpose: G G^T is then the smaller square
  if (s[s.size() - 2] > s.back()) return transpose(-2, -1).newtonSchulz(steps, params, eps).transpose(-2, -1);
  Tensor g = div(square().sum({-2, -1}, true).sqrt().add(eps));
  for (int64_t step = 0; step < steps; ++step) {
    // sum_i params[i] * (G G^T)^i G, each power built from the one before, summed in order
    const Tensor gram = g.matmul(g.transpose(-2, -1));
    Tensor power = g, sum;
    for (size_t i = 0; i < params.size(); ++i) {
      if (i > 0) power = gram.matmul(power);
      const Tensor term = power.mul(params[i]);
      sum = i == 0 ? term : sum.add(term);
    }
    g = sum;
  }
  return g;
}

} // namespace uops
