// Tensor.multinomial: indices drawn from the distribution each row's weights give.
#include "core/tensor/tensor.h"
#include "core/tensor/tensor_impl.h"

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::multinomial(int64_t numSamples, bool replacement) const {
  if (ndim() < 1 || ndim() > 2 || numSamples <= 0)
    fail(fmt::format("multinomial takes a 1 or 2 dimensional tensor and a positive sample count, got "
                     "ndim={}, num_samples={}",
                     ndim(), numSamples));
  if (isMultiDevice()) fail("multinomial of a tensor sharded over devices is not supported");
  const Tensor weight = ndim() == 1 ? unsqueeze(0) : *this;
  const int64_t rows = weight.shape()[0], classes = weight.shape()[1];
  if (!replacement && numSamples > classes)
    fail(fmt::format("multinomial without replacement draws at most the {} classes, got num_samples={}",
                     classes, numSamples));
  Tensor indices;
  if (replacement || numSamples == 1) {
    // a sample's index is the number of cumulative probabilities at or below its uniform draw
    const Tensor cw = weight.cumsum(1).toFloat();
    const Tensor cdf = cw.div(cw.getitem({Slice{}, -1}).unsqueeze(1));
    const Tensor uniform = rand({numSamples, rows, 1}, {}, device());
    indices = uniform.ge(cdf).sum({2}).permute({1, 0});
  } else {
    // Efraimidis-Spirakis: the largest keys log2(u) / w are a draw without replacement
    indices = weight.randLike(dtypes::float32).log2().div(weight).topk(numSamples, 1).second;
  }
  return (ndim() == 1 ? indices.squeeze(0) : indices).cast(dtypes::int32);
}

} // namespace uops
