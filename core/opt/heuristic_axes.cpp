#include "core/opt/heuristic_axes.h"

#include "core/ir/reaches.h"
#include "core/opt/kernel_ranges.h"
#include "core/symbolic/linear_form.h"

#include <algorithm>

namespace uops {

std::vector<KernelAxis> kernelAxes(const UOpPtr& ast) {
  std::vector<KernelAxis> axes;
  int i = 0;
  for (const UOpPtr& r : kernelRanges(ast)) axes.push_back({i++, r, r->argAs<RangeArg>().type, constBound(*r).value_or(0)});
  return axes;
}

bool isOutputType(AxisType t) { return t == AxisType::Loop || t == AxisType::Global; }

std::vector<KernelAxis> outputAxesInnermostFirst(const std::vector<KernelAxis>& axes) {
  std::vector<KernelAxis> out;
  for (auto a = axes.rbegin(); a != axes.rend(); ++a)
    if (isOutputType(a->type) && a->size > 1) out.push_back(*a);
  return out;
}

bool loadReusedAcross(const UOpPtr& ast, const UOp& r, const UOp* tiled) {
  for (const UOp* u : toposort(*ast)) {
    if (u->op() != Op::Load) continue;
    if (!reaches(*u->src(0), r) && (!tiled || reaches(*u->src(0), *tiled))) return true;
  }
  return false;
}

bool accessConsecutiveAlong(const UOp& access, const UOp& r) {
  if (access.src(0)->op() != Op::Index || access.src(0)->src().size() < 2) return false;
  std::optional<LinearForm> form = linearize(access.src(0)->src(1));
  return form && coefficientOf(*form, r) == 1;
}

bool loadReadsConsecutivelyAlong(const UOpPtr& ast, const UOp& r) {
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Load && accessConsecutiveAlong(*u, r)) return true;
  return false;
}

bool loadGatedAlong(const UOpPtr& ast, const UOp& r) {
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Load && u->src().size() >= 3 && reaches(*u->src(2), r)) return true;
  return false;
}

int64_t kernelIterations(const std::vector<KernelAxis>& axes) {
  int64_t work = 1;
  for (const KernelAxis& a : axes)
    work = std::min<int64_t>(work * std::min<int64_t>(std::max<int64_t>(a.size, 1), 1 << 30), int64_t{1} << 32);
  return work;
}

} // namespace uops
