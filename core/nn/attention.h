// tinygrad's Tensor.scaled_dot_product_attention.
#pragma once

#include "core/tensor/tensor.h"

#include <optional>

namespace uops {

struct AttentionArgs {
  // A bool mask (true: attend) or an additive float mask, broadcast to (..., L, S).
  std::optional<Tensor> attnMask{};
  double dropoutP = 0.0;
  bool isCausal = false;  // a lower-triangular bool mask; excludes attnMask
  bool enableGqa = false; // repeat key/value heads (axis -3) to the query's heads
  bool training = false;  // dropout applies only when training (tinygrad's TRAINING)
};

// softmax(q @ k^T / sqrt(E) + mask) @ v, with q: (..., L, E), k: (..., S, E),
// v: (..., S, Ev). The scores accumulate in at least float32, the softmax runs
// in q's dtype.
Tensor scaledDotProductAttention(const Tensor& query, const Tensor& key, const Tensor& value,
                                 const AttentionArgs& args = {});

} // namespace uops
