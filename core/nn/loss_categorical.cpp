// Categorical losses: cross entropy over labels or probabilities, and NLL.
#include "core/nn/loss.h"

#include "core/ir/shape.h"
#include "core/nn/nn_helpers.h"

#include <fmt/format.h>

namespace uops {
using namespace nn_detail;

namespace {

void checkSmoothing(double labelSmoothing) {
  if (!(labelSmoothing >= 0.0 && labelSmoothing <= 1.0))
    fail("label_smoothing must be in [0.0, 1.0]");
}

} // namespace

Tensor crossEntropy(const Tensor& x, const Tensor& Y, const std::string& reduction,
                    double labelSmoothing) {
  checkSmoothing(labelSmoothing);
  int64_t classAxis = resolveDim(x.ndim() == 1 ? 0 : 1, x.ndim()); // a scalar x throws
  Tensor target = Y;
  if (x.shape() != Y.shape()) {
    // Labels: x's shape without the class axis, one-hot encoded along it.
    Shape labels = x.shape();
    labels.erase(labels.begin() + classAxis);
    if (labels != Y.shape())
      fail(fmt::format("shape mismatch: self.shape={}, Y.shape={}", toString(x.shape()),
                       toString(Y.shape())));
    target = oneHotAlongDim(Y.unsqueeze(classAxis), x.size(classAxis), classAxis);
  }
  int64_t classes = target.size(classAxis);
  target = (1.0 - labelSmoothing) * target + labelSmoothing / static_cast<double>(classes);
  return applyReduction(-x.logSoftmax(classAxis).mul(target).sum(classAxis), reduction);
}

Tensor sparseCategoricalCrossentropy(const Tensor& x, const Tensor& Y, int64_t ignoreIndex,
                                     double labelSmoothing, const std::string& reduction) {
  checkSmoothing(labelSmoothing);
  Tensor logProbs = x.logSoftmax();
  Tensor counted = ignoreIndex != -1 ? Y.ne(ignoreIndex) : Y.constLike(true, dtypes::bool_);
  Tensor hot = oneHotAlongDim(Y.unsqueeze(-1), x.size(-1)) * counted.unsqueeze(-1);
  // Smoothing spreads labelSmoothing of the target evenly: its term is the mean log-probability.
  Tensor smoothing = labelSmoothing * (logProbs.mean(-1) * counted);
  Tensor unreduced = (1.0 - labelSmoothing) * (logProbs * hot).sum(-1) + smoothing;
  if (reduction == "mean") return -unreduced.sum() / counted.sum();
  return -applyReduction(unreduced, reduction);
}

Tensor nllLoss(const Tensor& x, const Tensor& Y, const std::optional<Tensor>& weight,
               std::optional<int64_t> ignoreIndex, const std::string& reduction) {
  Tensor w = weight ? weight->gather(0, Y.flatten()).reshape(Y.shape()) : Y.constLike(1);
  if (ignoreIndex) w = w * Y.ne(*ignoreIndex);
  Tensor nll = -x.gather(1, Y.unsqueeze(1)).squeeze(1) * w;
  if (reduction == "mean") return nll.sum() / w.sum();
  return applyReduction(nll, reduction);
}

} // namespace uops
