#include "core/render/grid_specials.h"

#include "core/ir/build.h"
#include "core/opt/kernel_ranges.h"
#include "core/render/codegen_error.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/substitute_step.h"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

bool constSize(const UOp& r) {
  auto bound = r.src(0)->constValue();
  return bound && std::holds_alternative<int64_t>(*bound);
}

UOpPtr special(const UOpPtr& range, std::string name) {
  return UOp::make(Op::Special, dtypes::index, {range->src(0)}, std::move(name));
}

// End(x, r...) keeps only the ranges that are still loops.
UOpPtr dropSpecials(const Match& m) {
  const UOpPtr& e = m.root();
  UOpList src{e->src(0)};
  for (size_t i = 1; i < e->src().size(); ++i)
    if (e->src(i)->op() == Op::Range) src.push_back(e->src(i));
  if (src.size() == e->src().size()) return nullptr;
  return src.size() == 1 ? src[0] : UOp::make(Op::End, dtypes::void_, std::move(src));
}

bool dependsOnAny(const UOp& u, const std::unordered_set<const UOp*>& nodes) {
  for (const UOp* x : toposort(u))
    if (nodes.contains(x)) return true;
  return false;
}

// Global stores that every work-item of a group would repeat: only the first writes.
UOpPtr gateGroupStores(const UOpPtr& sink, const UOpList& group) {
  if (group.empty()) return sink;
  std::unordered_set<const UOp*> groupSet;
  UOpPtr first = nullptr;
  for (const UOpPtr& g : group) {
    groupSet.insert(g.get());
    UOpPtr isZero = alu(Op::CmpLt, {g, constIndex(1)});
    first = first ? alu(Op::And, {first, isZero}) : isZero;
  }
  NodeSubst gated;
  for (const UOp* u : toposort(*sink)) {
    if (u->op() != Op::Store || u->src(0)->op() != Op::Index) continue;
    if (u->src(0)->src(0)->op() != Op::Param || dependsOnAny(*u->src(0), groupSet)) continue;
    UOpList src = u->src();
    if (src.size() > 2) src[2] = alu(Op::And, {src[2], first});
    else src.push_back(first);
    gated.emplace(u, UOp::make(Op::Store, dtypes::void_, std::move(src)));
  }
  return substituteStep("gate stores of a work-group", sink, gated);
}

// The grid has three dimensions: the outer GLOBAL ranges (outermost first)
// share the last one, each the quotient and remainder of its index.
void mergeOuterGlobals(const UOpList& outer, const std::string& name, NodeSubst& subst) {
  int64_t total = 1;
  for (const UOpPtr& r : outer) total *= *constBound(*r);
  UOpPtr s = UOp::make(Op::Special, dtypes::index, {constIndex(total)}, name);
  int64_t inner = total;
  for (size_t i = 0; i < outer.size(); ++i) {
    int64_t size = *constBound(*outer[i]);
    inner /= size;
    UOpPtr idx = inner == 1 ? s : alu(Op::Idiv, {s, constIndex(inner)});
    if (i > 0) idx = alu(Op::Mod, {idx, constIndex(size)});
    subst.emplace(outer[i].get(), idx);
  }
}

} // namespace

UOpPtr gridSpecials(const UOpPtr& sink) {
  UOpList workgroup, globals;
  for (const UOpPtr& r : kernelRanges(sink)) {
    AxisType t = r->argAs<RangeArg>().type;
    if (t == AxisType::Local || t == AxisType::GroupReduce || t == AxisType::Warp) workgroup.push_back(r);
    if (t == AxisType::Global && constSize(*r)) globals.push_back(r);
  }
  if (workgroup.size() > 3)
    throw CodegenError("Linearize", fmt::format("a workgroup has at most three dimensions; the "
                                                "kernel has {} LOCAL, GROUP_REDUCE and WARP axes",
                                                workgroup.size()));
  NodeSubst subst;
  UOpList group;
  for (size_t d = 0; d < workgroup.size(); ++d) {
    const UOpPtr& r = workgroup[workgroup.size() - 1 - d];
    if (!constSize(*r))
      throw CodegenError("Linearize", fmt::format("workgroup range r{} has a symbolic size",
                                                  r->argAs<RangeArg>().id));
    UOpPtr s = special(r, fmt::format("lidx{}", d));
    if (r->argAs<RangeArg>().type == AxisType::GroupReduce) group.push_back(s);
    subst.emplace(r.get(), s);
  }
  const char* prefix = workgroup.empty() ? "idx" : "gidx";
  for (size_t d = 0; d < globals.size() && d < 2; ++d) {
    const UOpPtr& r = globals[globals.size() - 1 - d];
    subst.emplace(r.get(), special(r, fmt::format("{}{}", prefix, d)));
  }
  if (globals.size() >= 3) mergeOuterGlobals(UOpList(globals.begin(), globals.end() - 2), fmt::format("{}2", prefix), subst);
  if (subst.empty()) return sink;
  static const PatternMatcher pm{rule("ends drop grid ranges", UPat::op(Op::End), dropSpecials)};
  UOpPtr out = graphRewrite(substituteStep("grid ranges to Special", sink, subst), pm, {.name = "ends drop grid ranges"});
  return gateGroupStores(out, group);
}

LaunchGrid launchGrid(const UOpPtr& linear) {
  std::vector<int64_t> groups, locals;
  bool anyLocal = false;
  auto at = [](std::vector<int64_t>& v, size_t d) -> int64_t& {
    if (v.size() <= d) v.resize(d + 1, 1);
    return v[d];
  };
  for (const UOpPtr& u : linear->src()) {
    if (u->op() != Op::Special) continue;
    const auto& name = u->argAs<std::string>();
    size_t d = static_cast<size_t>(name.back() - '0');
    int64_t size = std::get<int64_t>(*u->src(0)->constValue());
    bool local = name.rfind("lidx", 0) == 0;
    anyLocal |= local;
    at(local ? locals : groups, d) = size;
  }
  LaunchGrid grid;
  size_t dims = std::max(groups.size(), locals.size());
  for (size_t d = 0; d < dims; ++d) {
    int64_t g = d < groups.size() ? groups[d] : 1, l = d < locals.size() ? locals[d] : 1;
    grid.global.push_back(g * l);
    if (anyLocal) grid.local.push_back(l);
  }
  return grid;
}

} // namespace uops
