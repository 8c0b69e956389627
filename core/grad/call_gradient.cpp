#include "core/grad/call_gradient.h"

#include "core/grad/compute_gradient.h"
#include "core/ir/graph_walk.h"
#include "core/ir/build.h"

#include <algorithm>
#include <map>

namespace uops::grad {
namespace {

// The body's own Params by slot (nested bodies hold their callers' slots).
std::map<int64_t, UOpPtr> paramsOf(const UOp& body) {
  std::map<int64_t, UOpPtr> out;
  for (const UOp* u : toposortIn(body, WalkScope::OutsideCalls))
    if (u->op() == Op::Param) out.emplace(u->argAs<ParamArg>().slot, u->ptr());
  return out;
}

// A graph of constants only can sit in the backward body itself; anything else
// (buffers, data, an enclosing body's Params) must come in as an argument.
bool isConstantGraph(const UOp& root) {
  auto nodes = toposort(root);
  return std::none_of(nodes.begin(), nodes.end(), [](const UOp* u) {
    return u->op() == Op::Buffer || u->op() == Op::Binary || u->op() == Op::Param;
  });
}

// Params renumbered 0.. in slot order, dropping unused ones; args follow suit.
std::pair<UOpPtr, UOpList> compactParams(const UOpPtr& body, const UOpList& args) {
  NodeSubst renumber;
  UOpList used;
  for (const auto& [slot, p] : paramsOf(*body)) {
    ParamArg arg = p->argAs<ParamArg>();
    arg.slot = static_cast<int64_t>(used.size());
    renumber.emplace(p.get(), p->withArg(arg));
    used.push_back(args.at(static_cast<size_t>(slot)));
  }
  return {substitute(body, renumber, WalkScope::OutsideCalls), used};
}

} // namespace

SourceGrads callGradient(const UOp& function, const std::vector<UOpPtr>& outputGrads,
                         const std::vector<bool>& needed) {
  const UOp& body = *function.src(0);
  UOpList args(function.src().begin() + 1, function.src().end());
  auto n = static_cast<int64_t>(args.size());
  std::map<int64_t, UOpPtr> params = paramsOf(body);
  // Each output's gradient enters the body as Param n+i (or inline if constant).
  std::vector<GradientSeed> seeds;
  for (size_t i = 0; i < outputGrads.size(); ++i) {
    const UOpPtr& g = outputGrads[i];
    args.push_back(g);
    if (!g) continue;
    UOpPtr seed = isConstantGraph(*g)
                      ? g
                      : param(n + static_cast<int64_t>(i), g->dtype(), g->shape(),
                              g->device() ? std::optional(*g->device()) : std::nullopt);
    seeds.push_back({body.src(i), seed});
  }
  UOpList targets;
  for (const auto& [slot, p] : params)
    targets.push_back(p);
  GradientMap grads = computeGradient(seeds, targets);
  // The gradients of the needed arguments, as one backward body.
  std::vector<int64_t> which;
  UOpList bodies;
  for (const auto& [slot, p] : params) {
    auto g = grads.find(p.get());
    if (slot >= n || !needed[static_cast<size_t>(slot)] || g == grads.end()) continue;
    which.push_back(slot);
    bodies.push_back(g->second);
  }
  SourceGrads out(function.src().size());
  if (bodies.empty()) return out;
  auto [backward, backwardArgs] = compactParams(UOp::make(Op::Tuple, dtypes::void_, bodies), args);
  backwardArgs.insert(backwardArgs.begin(), backward);
  UOpPtr call = UOp::make(Op::Function, backward->dtype(), std::move(backwardArgs));
  for (size_t j = 0; j < which.size(); ++j)
    out[static_cast<size_t>(which[j]) + 1] =
        UOp::make(Op::GetTuple, backward->src(j)->dtype(), {call}, static_cast<int64_t>(j));
  return out;
}

} // namespace uops::grad
