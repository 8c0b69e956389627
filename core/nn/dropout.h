// tinygrad's Tensor.dropout.
#pragma once

#include "core/tensor/tensor.h"

namespace uops {

// tinygrad drops only under Context(TRAINING=1); here the caller says whether it
// trains, so the function has no hidden state. Training: each element is kept
// with probability 1-p (Tensor::randLike, tinygrad's random stream) and scaled
// by 1/(1-p). Otherwise, or with p == 0, x itself. p outside [0, 1] throws.
Tensor dropout(const Tensor& x, double p = 0.5, bool training = false);

} // namespace uops
