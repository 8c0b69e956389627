// Selections of a static length (tinygrad's masked_select / nonzero with size=):
// the i-th output reads the element after the i-th selected position, found by
// scattering the mask's running count and summing it up again.
#include "core/tensor/tensor_impl.h"

namespace uops {
using namespace tensor_detail;

Tensor Tensor::maskedSelect(const Tensor& mask, int64_t size, const Scalar& fill) const {
  if (mask.dtype() != dtypes::bool_) fail("masked_select expects a bool mask");
  Tensor x = flatten();
  Tensor m = broadcastTo(mask, shape()).flatten();
  Tensor counts = zeros({size}, dtypes::int32)
                      .scatter(0, m.cumsum(), int64_t{1}, std::string("add"));
  Tensor picked = x.getitem({counts.cumsum()});
  return arange(size).lt(m.sum()).where(picked, TensorOrScalar(fill)).cast(dtype());
}

Tensor Tensor::nonzero(int64_t size, const Scalar& fill) const {
  int64_t n = ndim();
  if (n == 0) return zeros({size, 0}, dtypes::int32);
  std::vector<Tensor> coords;
  for (int64_t i = 0; i < n; ++i) {
    Shape along(static_cast<size_t>(n), 1);
    along[static_cast<size_t>(i)] = shape()[static_cast<size_t>(i)];
    coords.push_back(arange(shape()[static_cast<size_t>(i)]).reshape(along).expand(shape()).flatten());
  }
  Tensor indices = coords.front().stack({coords.begin() + 1, coords.end()}, -1);
  Tensor m = ne(0).flatten().unsqueeze(-1).expand({numel(), n});
  return indices.maskedSelect(m, size * n, fill).reshape({-1, n});
}

} // namespace uops
