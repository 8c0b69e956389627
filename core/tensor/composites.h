// The spec's "common ops as compositions": high-level ops written only with
// movement ops, elementwise ops and Reduce, exactly as the spec's listing.
#pragma once

#include "core/tensor/tensor.h"

namespace uops::composites {

// C[M,N] = A[M,K] @ B[K,N] as (A.reshape(M,K,1) * B.reshape(1,K,N)).sum(1).
Tensor gemm(const Tensor& a, const Tensor& b);
// Inclusive cumulative sum of a 1-D tensor by the pad / reshape / expand /
// shrink sliding-window trick, then one sum.
Tensor prefixSum(const Tensor& t);
// [0, 1, ..., n-1]: prefixSum of n ones, minus 1.
Tensor arange(int64_t n);
// out[i] = t[idx[i]] for 1-D t: a one-hot mask along t's axis, then a sum.
Tensor gather(const Tensor& t, const Tensor& idx);
// t[idx[i]] += val[i] for 1-D t, idx, val: a one-hot mask, then a sum.
Tensor scatterAdd(const Tensor& t, const Tensor& idx, const Tensor& val);

} // namespace uops::composites
