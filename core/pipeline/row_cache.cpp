#include "core/pipeline/row_cache.h"

#include "core/ir/build.h"
#include "core/ir/reaches.h"
#include "core/pipeline/rangeify_graph.h"

#include <algorithm>

namespace uops {
namespace {

bool hasTranscendental(const UOp& v) {
  for (const UOp* u : toposort(v))
    if (isTranscendental(u->op())) return true;
  return false;
}

std::optional<int64_t> boundOf(const UOp& range) {
  auto c = range.src(0)->constValue();
  if (!c || !std::holds_alternative<int64_t>(*c)) return std::nullopt;
  return std::get<int64_t>(*c);
}

bool isRange(const UOp& u, AxisType type) {
  return u.op() == Op::Range && u.argAs<RangeArg>().type == type;
}

// REG buffers already in the kernel keep their ids.
int64_t firstFreeRegId(const UOpPtr& sink) {
  int64_t next = 0;
  for (const UOp* u : toposort(*sink))
    if (u->op() == Op::Buffer && u->argAs<BufferArg>().addrSpace == AddrSpace::Reg)
      next = std::max(next, u->argAs<BufferArg>().id + 1);
  return next;
}

} // namespace

UOpPtr cacheRowElements(const UOpPtr& sink, const CodegenTarget& target) {
  if (target.kind == TargetKind::Gpu || sink->src().size() != 1 || sink->src(0)->op() != Op::End) return sink;
  const UOpPtr& end = sink->src(0);
  const UOpPtr& j = end->src().back(); // the innermost output range ("order ranges" ran)
  std::optional<int64_t> n = boundOf(*j);
  if (!isRange(*j, AxisType::Loop) || !n) return sink;
  int64_t nextId = firstFreeRegId(sink);
  NodeSubst cached;
  for (const UOp* r : toposort(*sink)) {
    if (r->op() != Op::Reduce || r->src().size() != 2 || !isRange(*r->src(1), AxisType::Reduce) ||
        boundOf(*r->src(1)) != n || reaches(*r, *j))
      continue;
    const UOpPtr& k = r->src(1);
    const UOpPtr& v = r->src(0);
    if (!hasTranscendental(*v)) continue;
    UOpPtr atJ = substitute(v, {{k.get(), j}});
    if (cached.contains(atJ.get()) || !reaches(*end, *atJ)) continue;
    DType d = v->dtype();
    UOpPtr row = buffer(nextId++, d, *n, Device{{target.device}}, AddrSpace::Reg);
    UOpPtr stored = UOp::make(Op::Store, dtypes::void_, {UOp::make(Op::Index, d, {row, k}), v});
    UOpPtr written = UOp::make(Op::After, d, {row, UOp::make(Op::End, dtypes::void_, {stored, k})});
    cached.emplace(atJ.get(), UOp::make(Op::Load, d, {UOp::make(Op::Index, d, {written, j})},
                                        LoadArg{std::nullopt, AddrSpace::Reg}));
  }
  return cached.empty() ? sink : substitute(sink, cached);
}

} // namespace uops
