#include "core/grad/compute_gradient.h"

#include "core/grad/call_gradient.h"
#include "core/grad/grad_build.h"
#include "core/grad/gradient_rules.h"
#include "core/tensor/tensor.h"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

namespace uops::grad {
namespace {

void accumulate(GradientMap& grads, const UOp* node, UOpPtr g) {
  auto [it, fresh] = grads.try_emplace(node, g);
  if (!fresh) it->second = add(it->second, g);
}

// Whether each node has a target among its sources, transitively (targets
// themselves only if they do).
std::unordered_map<const UOp*, bool> targetPaths(const std::vector<const UOp*>& topo,
                                                 const std::unordered_set<const UOp*>& isTarget) {
  std::unordered_map<const UOp*, bool> onPath;
  for (const UOp* node : topo) {
    bool reaches = std::any_of(node->src().begin(), node->src().end(), [&](const UOpPtr& s) {
      return onPath.at(s.get()) || isTarget.count(s.get());
    });
    onPath.emplace(node, reaches);
  }
  return onPath;
}

// GetTuple's gradient waits in its Function's list of output gradients until the
// walk reaches the Function (after every GetTuple of it, users coming first).
void collectOutputGrad(std::unordered_map<const UOp*, std::vector<UOpPtr>>& outputs,
                       const UOp& getTuple, const UOpPtr& g) {
  const UOp& fn = *getTuple.src(0);
  if (fn.op() != Op::Function)
    throw TensorError(fmt::format("failed to compute gradient for {}", opName(fn.op())));
  auto& list = outputs[&fn];
  list.resize(fn.src(0)->src().size());
  UOpPtr& slot = list.at(static_cast<size_t>(getTuple.argAs<int64_t>()));
  slot = slot ? add(slot, g) : g;
}

} // namespace

GradientMap computeGradient(std::span<const GradientSeed> seeds, std::span<const UOpPtr> targets) {
  UOpList roots;
  GradientMap grads;
  for (const GradientSeed& s : seeds) {
    roots.push_back(s.root);
    accumulate(grads, s.root.get(), s.grad);
  }
  std::vector<const UOp*> topo = toposort(roots);
  std::unordered_set<const UOp*> isTarget;
  for (const UOpPtr& t : targets)
    isTarget.insert(t.get());
  std::unordered_map<const UOp*, bool> onPath = targetPaths(topo, isTarget);
  std::unordered_map<const UOp*, std::vector<UOpPtr>> outputGrads;
  for (auto it = topo.rbegin(); it != topo.rend(); ++it) {
    const UOp& node = **it;
    // Only nodes between a target and a root; Detach stops the gradient.
    if (!onPath.at(&node) || node.op() == Op::Detach) continue;
    SourceGrads srcGrads;
    if (node.op() == Op::Function) {
      auto out = outputGrads.find(&node);
      if (out == outputGrads.end()) continue;
      std::vector<bool> needed;
      for (size_t k = 1; k < node.src().size(); ++k)
        needed.push_back(onPath.at(node.src(k).get()) || isTarget.count(node.src(k).get()));
      srcGrads = callGradient(node, out->second, needed);
    } else {
      auto g = grads.find(&node);
      if (g == grads.end()) continue;
      if (node.op() == Op::GetTuple) {
        collectOutputGrad(outputGrads, node, g->second);
        continue;
      }
      srcGrads = localGradient(node, g->second);
    }
    for (size_t i = 0; i < srcGrads.size(); ++i) {
      if (!srcGrads[i]) continue;
      const UOpPtr& src = node.src(i);
      // A broadcast edge's gradient is summed back to its source's shape.
      UOpPtr g = sumTo(srcGrads[i], src->shape());
      // On a device tuple each user's gradient goes through a broadcast on
      // its own, as in tinygrad: gradients sharded on different axes meet
      // after the reductions that may make them agree, not before.
      if (src->op() == Op::Expand && src->device() && src->device()->isTuple() && !isTarget.count(src.get())) {
        accumulate(grads, src->src(0).get(), sumTo(g, src->src(0)->shape()));
        continue;
      }
      accumulate(grads, src.get(), std::move(g));
    }
  }
  return grads;
}

} // namespace uops::grad
