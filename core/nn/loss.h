// Losses as tinygrad's Tensor methods. `reduction` is "mean" (the default),
// "sum" or "none" (per-sample losses); anything else throws TensorError.
#pragma once

#include "core/tensor/tensor.h"

#include <optional>
#include <string>

namespace uops {

// Cross entropy of logits x (classes on axis 1, or axis 0 for 1-D x) against
// Y: integer labels (x's shape without the class axis) or class probabilities
// (x's shape). label_smoothing mixes Y with the uniform distribution.
Tensor crossEntropy(const Tensor& x, const Tensor& Y, const std::string& reduction = "mean",
                    double labelSmoothing = 0.0);

// Cross entropy of logits x with classes on the LAST axis against integer
// labels Y (x's shape without the last axis). Labels equal to ignoreIndex
// (unless -1) count neither in the loss nor in the mean's divisor.
Tensor sparseCategoricalCrossentropy(const Tensor& x, const Tensor& Y, int64_t ignoreIndex = -1,
                                     double labelSmoothing = 0.0,
                                     const std::string& reduction = "mean");

// Negative log likelihood of log-probabilities x (N, C, ...) at labels Y
// (N, ...), optionally weighted per class; "mean" divides by the weight sum.
Tensor nllLoss(const Tensor& x, const Tensor& Y, const std::optional<Tensor>& weight = std::nullopt,
               std::optional<int64_t> ignoreIndex = std::nullopt,
               const std::string& reduction = "mean");

// Binary cross entropy of probabilities x against targets Y.
Tensor binaryCrossentropy(const Tensor& x, const Tensor& Y, const std::string& reduction = "mean");

// Binary cross entropy of logits x (through logsigmoid, stable for large |x|);
// posWeight scales the positive term.
Tensor binaryCrossentropyLogits(const Tensor& x, const Tensor& Y,
                                const std::string& reduction = "mean",
                                const std::optional<Tensor>& posWeight = std::nullopt);

} // namespace uops
