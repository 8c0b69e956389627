#include "core/opt/copy_accesses.h"

#include "core/symbolic/linear_form.h"

#include <algorithm>

namespace uops {

std::optional<CopyAccesses> copyAccesses(const UOpPtr& ast, bool gatedLoad) {
  CopyAccesses c;
  for (const UOp* u : toposort(*ast)) {
    if (u->op() == Op::Reduce) return std::nullopt;
    if (u->op() != Op::Load && u->op() != Op::Store) continue;
    const UOp*& slot = u->op() == Op::Load ? c.load : c.store;
    const bool gated = u->src().size() > 2;
    if (slot || u->src(0)->op() != Op::Index || (gated && !(gatedLoad && u->op() == Op::Load))) return std::nullopt;
    slot = u;
  }
  if (!c.load || !c.store) return std::nullopt;
  return c;
}

std::optional<CopyKernel> vectorCopyKernel(const UOpPtr& ast, const OptTarget& target,
                                           bool gatedLoad) {
  const int64_t lanes = target.vectorBits / 32;
  if (lanes < 4 || target.workItemVectorizer || target.hasLocals) return std::nullopt;
  const std::optional<CopyAccesses> c = copyAccesses(ast, gatedLoad);
  if (!c) return std::nullopt;
  const std::vector<KernelAxis> axes = kernelAxes(ast);
  if (std::any_of(axes.begin(), axes.end(), [](const KernelAxis& a) { return a.size == 0; }))
    return std::nullopt;
  return CopyKernel{*c, outputAxesInnermostFirst(axes), lanes};
}

std::optional<int64_t> coefficientAlong(const UOp& access, const UOp& r) {
  std::optional<LinearForm> form = linearize(access.src(0)->src(1));
  if (!form) return std::nullopt;
  return coefficientOf(*form, r);
}

} // namespace uops
