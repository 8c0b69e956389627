// Reduce -> accumulator: the kernel-level Reduce(v, r...) as a one-element REG
// buffer that is initialized before the reduction loops, updated inside them
// and read after them (linearize.h shows the form).
#include "core/pipeline/linearize.h"

#include "core/ir/buffer_access.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/render/codegen_error.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/runtime/float_convert.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include <fmt/format.h>

namespace uops {
namespace {

struct ReduceContext {
  DeviceArg device;
  int64_t nextId = 0; // REG buffers are numbered per kernel in the order they are made
  // Range -> the ranges open at any Reduce over it (other than its own): the
  // copies Expand makes of a reduction share one loop, so every copy starts
  // its accumulator inside all the loops that loop sits in (look-up only)
  std::unordered_map<const UOp*, std::vector<const UOp*>> outerOf;
};

// Fills outerOf from the sink before any Reduce is lowered.
void collectOuterRanges(const UOpPtr& sink, ReduceContext& ctx) {
  if (!sink->opsBelow().test(static_cast<size_t>(Op::Reduce))) return;
  OpenRangeMap open = openRangesOfAll(*sink);
  for (const UOp* u : nodesWithOps(*sink, opBit(Op::Reduce))) {
    const auto& inner = open[u->src(0).get()];
    for (size_t i = 1; i < u->src().size(); ++i) {
      auto& outer = ctx.outerOf[u->src(i).get()];
      for (const UOp* r : inner)
        if (std::find(u->src().begin() + 1, u->src().end(), r->ptr()) == u->src().end() &&
            std::find(outer.begin(), outer.end(), r) == outer.end())
          outer.push_back(r);
    }
  }
}

// The value a reduction starts from: the evaluator's identities (floatIdentity,
// intIdentity): 0 for Add, 1 for Mul, the least value of the dtype for Max.
UOpPtr identity(Op op, DType d) {
  if (d.isBool()) return constant(d, op == Op::Mul);
  if (op == Op::Add) return constant(d, d.isFloat() ? ConstValue(0.0) : ConstValue(int64_t{0}));
  if (op == Op::Mul) return constant(d, d.isFloat() ? ConstValue(1.0) : ConstValue(int64_t{1}));
  if (d.isFloat()) return constant(d, -std::numeric_limits<double>::infinity());
  if (!isSignedInt(d.scalar)) return constant(d, int64_t{0});
  return constant(d, static_cast<int64_t>(~uint64_t(0) << (d.bits() - 1)));
}

// acc op v, with Instruction Selection's bool law (Add and Max are Or, Mul is And).
UOpPtr combine(Op op, const UOpPtr& acc, const UOpPtr& v) {
  if (acc->dtype().isBool()) op = op == Op::Mul ? Op::And : Op::Or;
  return alu(op, {acc, v});
}

UOpPtr indexReg(const UOpPtr& buf) {
  return UOp::make(Op::Index, buf->dtype(), {buf, constIndex(0)});
}
UOpPtr after(UOpList src) {
  DType d = src.at(0)->dtype();
  return UOp::make(Op::After, d, std::move(src));
}
UOpPtr store(const UOpPtr& idx, const UOpPtr& value) {
  return UOp::make(Op::Store, dtypes::void_, {idx, value});
}
// A read of the accumulator lands in registers.
UOpPtr load(const UOpPtr& idx) {
  return UOp::make(Op::Load, idx->dtype(), {idx}, LoadArg{std::nullopt, AddrSpace::Reg});
}

UOpPtr lowerReduce(const Match& m) {
  auto& ctx = m.ctx<ReduceContext>();
  const UOpPtr& red = m.root();
  const ReduceArg& arg = red->argAs<ReduceArg>();
  UOpList reduced(red->src().begin() + 1, red->src().end());
  if (reduced.empty())
    throw CodegenError("Linearize", "a Reduce over axes is a tensor-level form; kernels reduce "
                                    "over Range sources");
  if (arg.op != Op::Add && arg.op != Op::Mul && arg.op != Op::Max)
    throw CodegenError("Linearize",
                       fmt::format("Reduce with {} is not a reduction", opName(arg.op)));
  const UOpPtr& value = red->src(0);
  DType d = red->dtype();
  UOpPtr acc = buffer(ctx.nextId++, d, 1, ctx.device, AddrSpace::Reg);

  // init inside the loops the result lives in, so each output element starts fresh
  UOpList outer{acc};
  for (const UOpPtr& reducedRange : reduced)
    for (const UOp* r : ctx.outerOf[reducedRange.get()])
      if (std::find(reduced.begin(), reduced.end(), r->ptr()) == reduced.end() &&
          std::find(outer.begin(), outer.end(), r->ptr()) == outer.end())
        outer.push_back(r->ptr());
  UOpPtr init = store(indexReg(outer.size() > 1 ? after(outer) : acc), identity(arg.op, d));

  // the update depends on the reduce ranges, so it runs in their loops, after the init
  UOpList inside{acc, init};
  inside.insert(inside.end(), reduced.begin(), reduced.end());
  UOpPtr current = indexReg(after(inside));
  UOpPtr closed = store(current, combine(arg.op, load(current), value));
  for (auto r = reduced.rbegin(); r != reduced.rend(); ++r)
    closed = UOp::make(Op::End, dtypes::void_, {closed, *r});

  return load(indexReg(after({acc, closed})));
}

} // namespace

UOpPtr lowerReduces(const UOpPtr& sink, const CodegenTarget& target) {
  static const PatternMatcher pm{rule("reduce to accumulator", UPat::op(Op::Reduce), lowerReduce)};
  // numbered after the REG buffers Optimize made (row caches)
  ReduceContext ctx{.device = DeviceArg{{target.device}}, .nextId = firstFreeRegisterId(*sink), .outerOf = {}};
  collectOuterRanges(sink, ctx);
  return graphRewrite(sink, pm, {.name = "reduce to accumulator", .context = &ctx});
}

} // namespace uops
