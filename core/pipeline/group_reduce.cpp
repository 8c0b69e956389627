#include "core/pipeline/group_reduce.h"

#include "core/ir/build.h"
#include "core/opt/kernel_ranges.h"
#include "core/render/codegen_error.h"
#include "core/rewrite/graph_rewrite.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

struct GroupContext {
  DeviceArg device;
  UOpList workgroup;  // every LOCAL and GROUP_REDUCE range of the kernel, outermost first
  int64_t nextId = 0; // fresh ids for LOCAL buffers and ranges
};

int64_t workgroupRangeSize(const UOpPtr& r) {
  std::optional<int64_t> bound = constBound(*r);
  if (!bound)
    throw CodegenError("Expand", fmt::format("range r{} of a workgroup has a symbolic size", r->argAs<RangeArg>().id));
  return *bound;
}

int64_t product(const UOpList& ranges) {
  int64_t n = 1;
  for (const UOpPtr& r : ranges) n *= workgroupRangeSize(r);
  return n;
}

// The row-major flat index of `ranges` (the last one varies fastest).
UOpPtr flat(const UOpList& ranges) {
  UOpPtr index = constIndex(0);
  for (const UOpPtr& r : ranges)
    index = alu(Op::Add, {alu(Op::Mul, {index, constIndex(workgroupRangeSize(r))}), r});
  return index;
}

UOpPtr lowerGroupReduce(const Match& m) {
  auto& ctx = m.ctx<GroupContext>();
  const UOpPtr& red = m.root();
  UOpList reduce, group;
  for (size_t i = 1; i < red->src().size(); ++i) {
    const UOpPtr& r = red->src(i);
    bool isGroup = r->op() == Op::Range && r->argAs<RangeArg>().type == AxisType::GroupReduce;
    (isGroup ? group : reduce).push_back(r);
  }
  if (group.empty()) return nullptr;
  const ReduceArg& arg = red->argAs<ReduceArg>();
  DType d = red->dtype();

  UOpPtr part = red->src(0);
  if (!reduce.empty()) {
    UOpList src{part};
    src.insert(src.end(), reduce.begin(), reduce.end());
    part = UOp::make(Op::Reduce, d, std::move(src), arg);
  }
  // one row per work-item of the group's other dimensions (LOCAL axes and the
  // GROUP_REDUCE axes of other reductions): they compute other values
  UOpList others;
  for (const UOpPtr& w : ctx.workgroup)
    if (std::find(group.begin(), group.end(), w) == group.end()) others.push_back(w);
  int64_t width = product(group);
  UOpPtr tmp = buffer(ctx.nextId++, d, product(others) * width, ctx.device, AddrSpace::Local);
  UOpPtr row = alu(Op::Mul, {flat(others), constIndex(width)});

  // the slot is free once every work-item has read it: in a loop, the reads of
  // the previous iteration come before this barrier
  UOpPtr free = UOp::make(Op::After, d, {tmp, UOp::make(Op::Barrier, dtypes::void_, {part})});
  UOpPtr written = UOp::make(Op::Store, dtypes::void_,
                             {UOp::make(Op::Index, d, {free, alu(Op::Add, {row, flat(group)})}), part});
  UOpList ends{written};
  ends.insert(ends.end(), group.begin(), group.end());
  UOpPtr done = UOp::make(Op::End, dtypes::void_, std::move(ends));
  UOpPtr barrier = UOp::make(Op::Barrier, dtypes::void_, {done});

  UOpPtr r = range(width, ctx.nextId++, AxisType::Reduce);
  UOpPtr ready = UOp::make(Op::After, d, {tmp, barrier});
  UOpPtr read = UOp::make(Op::Load, d, {UOp::make(Op::Index, d, {ready, alu(Op::Add, {row, r})})},
                          LoadArg{std::nullopt, AddrSpace::Local});
  return UOp::make(Op::Reduce, d, {read, r}, arg);
}

} // namespace

UOpPtr lowerGroupReduces(const UOpPtr& sink, const CodegenTarget& target) {
  GroupContext ctx{.device = DeviceArg{{target.device}}, .workgroup = {}, .nextId = 0};
  for (const UOpPtr& r : kernelRanges(sink)) {
    ctx.nextId = std::max(ctx.nextId, r->argAs<RangeArg>().id + 1);
    AxisType t = r->argAs<RangeArg>().type;
    if (t == AxisType::Local || t == AxisType::GroupReduce || t == AxisType::Warp) ctx.workgroup.push_back(r);
  }
  static const PatternMatcher pm{
      rule("group reduce through local memory", UPat::op(Op::Reduce), lowerGroupReduce)};
  return graphRewrite(sink, pm, {.name = "group reduce through local memory", .context = &ctx});
}

} // namespace uops
