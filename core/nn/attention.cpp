// Scaled dot-product attention (Vaswani et al., arXiv:1706.03762).
#include "core/nn/attention.h"

#include "core/nn/dropout.h"
#include "core/nn/nn_helpers.h"
#include "core/tensor/dtype_promotion.h"

#include <cmath>
#include <limits>

namespace uops {
using namespace nn_detail;

Tensor scaledDotProductAttention(const Tensor& query, const Tensor& key, const Tensor& value,
                                 const AttentionArgs& args) {
  Tensor k = key, v = value;
  if (args.enableGqa) {
    // Grouped-query attention: each key/value head serves a group of query heads.
    k = k.repeatInterleave(query.size(-3) / k.size(-3), -3);
    v = v.repeatInterleave(query.size(-3) / v.size(-3), -3);
  }
  DType acc = leastUpperDType(leastUpperDType(query.dtype(), k.dtype()), dtypes::float32);
  Tensor scores =
      query.matmul(k.transpose(-2, -1), acc) / std::sqrt(static_cast<double>(query.size(-1)));
  std::optional<Tensor> mask = args.attnMask;
  if (args.isCausal) {
    if (mask) fail("cannot set attn_mask when is_causal=True");
    mask = scores.constLike(true, dtypes::bool_).tril();
  }
  if (mask) {
    if (mask->dtype() == dtypes::bool_)
      mask = mask->where(0, -std::numeric_limits<double>::infinity());
    scores = scores + *mask;
  }
  return dropout(scores.cast(query.dtype()).softmax(-1), args.dropoutP, args.training).matmul(v);
}

} // namespace uops
