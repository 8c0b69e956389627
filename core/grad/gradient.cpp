#include "core/grad/gradient.h"

#include "core/grad/compute_gradient.h"
#include "core/grad/function_capture.h"
#include "core/grad/grad_build.h"
#include "core/ir/shape.h"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

UOpPtr rootGradient(const Tensor& loss, const std::optional<Tensor>& g) {
  if (!g) return grad::fill(1.0, loss.dtype(), loss.shape());
  if (g->shape() != loss.shape())
    throw TensorError(fmt::format("gradient shape must match tensor shape, {} != {}",
                                  toString(g->shape()), toString(loss.shape())));
  return grad::castTo(g->uop(), loss.dtype());
}

} // namespace

std::vector<Tensor> gradient(const Tensor& loss, const std::vector<Tensor>& targets,
                             std::optional<Tensor> gradient) {
  if (!gradient && !loss.shape().empty())
    throw TensorError("when no gradient is provided, backward must be called on a scalar tensor");
  auto isFloat = [](const Tensor& t) { return t.isFloatingPoint(); };
  if (!loss.isFloatingPoint() || !std::all_of(targets.begin(), targets.end(), isFloat))
    throw TensorError("only float Tensors have gradient");
  if (std::any_of(targets.begin(), targets.end(), [](const Tensor& t) { return t.isWeak(); }))
    throw TensorError("cannot take gradient wrt a weak Tensor");
  std::vector<grad::GradientSeed> seeds{{loss.uop(), rootGradient(loss, gradient)}};
  UOpList targetUOps;
  for (const Tensor& t : targets)
    targetUOps.push_back(t.uop());
  grad::GradientMap grads = grad::computeGradient(seeds, targetUOps);
  std::vector<Tensor> out;
  for (const Tensor& t : targets) {
    auto g = grads.find(t.uop().get());
    UOpPtr u = g != grads.end() ? g->second : grad::fillLike(t.uop(), 0);
    out.emplace_back(u, t.device());
  }
  return out;
}

void backward(const Tensor& loss, std::optional<Tensor> g) {
  std::unordered_set<const UOp*> inGraph;
  for (const UOp* u : toposort(*loss.uop()))
    inGraph.insert(u);
  std::vector<Tensor> need;
  for (Tensor& t : Tensor::liveTensors())
    if (inGraph.count(t.uop().get()) && t.isFloatingPoint() && !isDeviceLess(t)) need.push_back(t);
  std::vector<Tensor> grads = gradient(loss, need, std::move(g));
  for (size_t i = 0; i < need.size(); ++i) {
    Tensor& t = need[i];
    if (std::optional<Tensor> prev = t.grad())
      prev->assign(*prev + grads[i]);
    else
      t.setGrad(grads[i]);
  }
}

} // namespace uops
