// Binary cross entropy, on probabilities and on logits.
#include "core/nn/loss.h"

#include "core/nn/nn_helpers.h"

namespace uops {
using namespace nn_detail;

Tensor binaryCrossentropy(const Tensor& x, const Tensor& Y, const std::string& reduction) {
  return applyReduction(-Y * x.log() - (1 - Y) * (1 - x).log(), reduction);
}

Tensor binaryCrossentropyLogits(const Tensor& x, const Tensor& Y, const std::string& reduction,
                                const std::optional<Tensor>& posWeight) {
  // log(sigmoid(x)) and log(1 - sigmoid(x)) = log(sigmoid(-x)), without forming sigmoid(x).
  Tensor logP = x.logsigmoid(), logNotP = (-x).logsigmoid();
  Tensor positive = posWeight ? *posWeight * Y : 1 * Y;
  return applyReduction(-(positive * logP + (1 - Y) * logNotP), reduction);
}

} // namespace uops
