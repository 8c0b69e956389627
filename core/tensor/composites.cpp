#include "core/tensor/composites.h"

#include "core/tensor/tensor_impl.h"

#include <fmt/format.h>

namespace uops::composites {
using tensor_detail::fail;

Tensor gemm(const Tensor& a, const Tensor& b) {
  if (a.ndim() != 2 || b.ndim() != 2 || a.shape()[1] != b.shape()[0])
    fail(fmt::format("gemm needs (M, K) and (K, N), got {} and {}", toString(a.shape()),
                     toString(b.shape())));
  int64_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  return a.reshape({m, k, 1}).mul(b.reshape({1, k, n})).sum(1);
}

Tensor prefixSum(const Tensor& t) {
  if (t.ndim() != 1)
    fail(fmt::format("prefix_sum needs a 1-D tensor, got {}", toString(t.shape())));
  int64_t n = t.shape()[0];
  // n-1 zeros then t, tiled n+1 times and cut into rows of 2n: row i starts i
  // later in the tile, so its first n entries are the window ending at t[i].
  Tensor x = t.pad({std::pair<int64_t, int64_t>{n - 1, 0}});    // (2n-1,)
  x = x.reshape({1, 2 * n - 1}).expand({n + 1, 2 * n - 1});     // tile
  x = x.reshape({(n + 1) * (2 * n - 1)}).shrinkTo({2 * n * n}); // trim
  x = x.reshape({n, 2 * n}).shrinkTo({n, n});                   // windows
  return x.sum(-1);                                             // reduce
}

Tensor arange(int64_t n) {
  return prefixSum(Tensor::scalar(int64_t{1}).reshape({1}).expand({n})).sub(1);
}

Tensor gather(const Tensor& t, const Tensor& idx) {
  int64_t k = t.shape().at(0);
  Tensor pos = arange(k).reshape({k, 1});                     // (K, 1)
  Tensor mask = pos.eq(idx.reshape({1, -1})).cast(t.dtype()); // (K, D)
  return t.reshape({k, 1}).mul(mask).sum(0);                  // (D,)
}

Tensor scatterAdd(const Tensor& t, const Tensor& idx, const Tensor& val) {
  int64_t k = t.shape().at(0), d = idx.shape().at(0);
  Tensor pos = arange(k).reshape({k, 1});                    // (K, 1)
  Tensor mask = pos.eq(idx.reshape({1, d})).cast(t.dtype()); // (K, D)
  return t.add(mask.mul(val.reshape({1, d})).sum(1));        // (K,)
}

} // namespace uops::composites
