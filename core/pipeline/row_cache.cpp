#include "core/pipeline/row_cache.h"

#include "core/ir/buffer_access.h"
#include "core/ir/build.h"
#include "core/ir/reaches.h"
#include "core/opt/kernel_ranges.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/substitute_step.h"

namespace uops {
namespace {

bool isRange(const UOp& u, AxisType type) {
  return u.op() == Op::Range && u.argAs<RangeArg>().type == type;
}

} // namespace

UOpPtr cacheRowElements(const UOpPtr& sink, const CodegenTarget& target) {
  if (!target.rowKernels || sink->src().size() != 1 || sink->src(0)->op() != Op::End) return sink;
  const UOpPtr& end = sink->src(0);
  const UOpPtr& j = end->src().back(); // the innermost output range ("order ranges" ran)
  std::optional<int64_t> n = constBound(*j);
  if (!isRange(*j, AxisType::Loop) || !n) return sink;
  int64_t nextId = firstFreeRegisterId(*sink); // REG buffers already there keep their ids
  NodeSubst cached;
  for (const UOp* r : toposort(*sink)) {
    if (r->op() != Op::Reduce || r->src().size() != 2 || !isRange(*r->src(1), AxisType::Reduce) ||
        constBound(*r->src(1)) != n || reaches(*r, *j))
      continue;
    const UOpPtr& k = r->src(1);
    const UOpPtr& v = r->src(0);
    if (!reachesTranscendental(*v)) continue;
    UOpPtr atJ = substitute(v, {{k.get(), j}});
    if (cached.contains(atJ.get()) || !reaches(*end, *atJ)) continue;
    DType d = v->dtype();
    UOpPtr row = buffer(nextId++, d, *n, DeviceArg{{target.device}}, AddrSpace::Reg);
    UOpPtr stored = UOp::make(Op::Store, dtypes::void_, {UOp::make(Op::Index, d, {row, k}), v});
    UOpPtr written = UOp::make(Op::After, d, {row, UOp::make(Op::End, dtypes::void_, {stored, k})});
    cached.emplace(atJ.get(), UOp::make(Op::Load, d, {UOp::make(Op::Index, d, {written, j})},
                                        LoadArg{std::nullopt, AddrSpace::Reg}));
  }
  return cached.empty() ? sink : substituteStep("cache row elements", sink, cached);
}

} // namespace uops
