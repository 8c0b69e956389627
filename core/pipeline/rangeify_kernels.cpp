// The last steps of Rangeify: every buffer store becomes a kernel, and the
// kernels and copies are put in an order that runs each after its inputs.
//
// A kernel's AST reads and writes Params numbered in order of first
// appearance in the simplified AST (slot 0 is the buffer it stores); the launch
// passes the buffers in that order. Multi-axis views become flat row-major
// offsets, and ranges are renumbered per kernel in order of first appearance,
// so kernels equal up to the order of their buffers have equal ASTs and share
// one compiled kernel.
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/ir/graph_walk.h"
#include "core/ir/variable.h"
#include "core/rewrite/rule.h"
#include "core/rewrite/trace.h"
#include "core/symbolic/symbolic.h"

#include <map>

namespace uops {
namespace {

// The Buffer or After an Index reads or writes (through the Reshape that views it), else null.
const UOp* bufferOfIndex(const UOp& index) {
  const UOp* view = index.src(0).get();
  if (view->op() == Op::Reshape) view = view->src(0).get();
  return view->op() == Op::Buffer || view->op() == Op::After ? view : nullptr;
}

UOpPtr bufferOf(const UOpPtr& state) { return state->op() == Op::After ? state->src(0) : state; }

// Ranges numbered 0, 1, ... in order of first appearance.
UOpPtr renumberRanges(const UOpPtr& ast) {
  NodeSubst subst;
  int64_t next = 0;
  for (const UOp* u : toposortIn(*ast, WalkScope::All)) {
    if (u->op() != Op::Range) continue;
    RangeArg arg = u->argAs<RangeArg>();
    arg.id = next++;
    subst.emplace(u, u->withArg(arg));
  }
  return substitute(ast, subst);
}

// The stored buffer's Param stays slot 0; the others are numbered 1, 2, ... in
// order of first appearance, the launch's buffers (`args`, by slot) permuted
// alike. The slots the builder gave follow the graph before simplification,
// which may reorder the operands of a commutative op or drop a read.
UOpPtr renumberParams(const UOpPtr& ast, UOpList& args) {
  NodeSubst subst;
  UOpList ordered{args.at(0)};
  for (const UOp* u : toposortIn(*ast, WalkScope::All)) {
    if (u->op() != Op::Param || isVariable(*u)) continue;
    ParamArg arg = u->argAs<ParamArg>();
    if (arg.slot == 0) continue;
    ordered.push_back(args.at(static_cast<size_t>(arg.slot)));
    arg.slot = static_cast<int64_t>(ordered.size()) - 1;
    subst.emplace(u, u->withArg(arg));
  }
  args = std::move(ordered);
  return substitute(ast, subst);
}

struct KernelBuilder {
  std::map<const UOp*, int64_t> slotOf; // underlying Buffer -> slot (look-up only)
  UOpList args;                         // buffer states, by slot

  int64_t slotFor(const UOpPtr& state) {
    const UOp* buf = bufferOf(state).get();
    auto [it, inserted] = slotOf.emplace(buf, static_cast<int64_t>(args.size()));
    if (inserted) args.push_back(state);
    return it->second;
  }

  // Index(view of buffer, i...) -> Index(Param(slot), flat offset)
  UOpPtr defineGlobal(const UOp& index, const UOpList& src) {
    const UOp* state = bufferOfIndex(index);
    UOpPtr buf = bufferOf(state->ptr());
    int64_t slot = slotFor(state->ptr());
    int64_t size = buf->argAs<BufferArg>().size;
    const Shape& shape = index.src(0)->shape();
    UOpList idx(src.begin() + 1, src.end());
    UOpPtr p = param(slot, buf->dtype().ptr(size), {size});
    return UOp::make(Op::Index, p->dtype(), {p, flatIndex(shape, idx)});
  }

  UOpPtr build(const UOpPtr& effect) {
    std::unordered_map<const UOp*, UOpPtr> done;
    for (const UOp* u : toposortIn(*effect, WalkScope::OutsideBuffers)) {
      UOpList src = u->src();
      for (size_t i = 0; i < src.size(); ++i)
        if (followsSource(*u, i, WalkScope::OutsideBuffers)) src[i] = done.at(src[i].get());
      bool global = u->op() == Op::Index && bufferOfIndex(*u);
      done.emplace(u, global ? defineGlobal(*u, src) : u->withSrc(std::move(src)));
    }
    return done.at(effect.get());
  }
};

// After(buf, store over ranges) -> After(buf, Call(Sink(kernel AST), buf, inputs...))
UOpPtr splitKernel(const Match& m) {
  const UOpPtr& buf = m["buf"];
  const UOpPtr& effect = m["e"];
  KernelBuilder k;
  k.slotFor(buf); // the stored buffer is slot 0
  UOpPtr ast = sink({k.build(effect)});
  // index math simplified, and a padded read's modulo dropped (one pass: the
  // Load is visited after its index is simplified)
  static const PatternMatcher pm = pmSymbolic() + pmGatedModulo();
  ast = graphRewrite(ast, pm, {.name = "kernel split"});
  ast = renumberRanges(ast);
  UOpList call{ast};
  call.insert(call.end(), k.args.begin(), k.args.end());
  return UOp::make(Op::After, buf->dtype(), {buf, UOp::make(Op::Call, ast->dtype(), std::move(call))});
}

bool storesIndexed(const UOp& u) {
  const UOp* st = u.op() == Op::End ? u.src(0).get() : &u;
  return st->op() == Op::Store && st->src(0)->op() == Op::Index;
}

bool isLaunchOrCopy(const UOp& after) {
  if (after.op() != Op::After || after.src().size() != 2) return false;
  const UOp& e = *after.src(1);
  return e.op() == Op::Call || (e.op() == Op::Store && e.src(1)->op() == Op::Load);
}

// The item as the schedule runs it: buffer states replaced by the buffers, a
// kernel's buffers numbered by first use (after the launch order is fixed, so
// that order does not follow the numbering).
UOpPtr scheduleItem(const UOp& effect) {
  UOpList src = effect.src();
  if (effect.op() == Op::Call) {
    UOpList args(src.begin() + 1, src.end());
    UOpPtr ast = renumberParams(src[0], args);
    src = {ast};
    src.insert(src.end(), args.begin(), args.end());
  }
  size_t first = effect.op() == Op::Call ? 1 : 0;
  for (size_t i = first; i < src.size(); ++i) src[i] = bufferOf(src[i]);
  if (effect.op() == Op::Store) { // a copy: Store(buf, Load(source state))
    const UOp& load = *src[1];
    src[1] = load.withSrc({bufferOf(load.src(0))});
  }
  return effect.withSrc(std::move(src));
}

} // namespace

const PatternMatcher& pmSplitKernels() {
  static const PatternMatcher pm{
      // a buffer after its store -> the buffer after a kernel launch that stores it
      rule("split kernel",
           UPat::op(Op::After, {UPat::op(Op::Buffer).named("buf"), UPat::ops({Op::End, Op::Store}).filter(storesIndexed).named("e")}),
           splitKernel),
  };
  return pm;
}

UOpPtr orderSchedule(const UOpPtr& body, const RangeifyContext& ctx) {
  UOpList items = ctx.copies;
  for (const UOp* u : toposortIn(*body, WalkScope::OutsideCalls))
    if (isLaunchOrCopy(*u)) items.push_back(scheduleItem(*u->src(1)));
  UOpList results;
  for (size_t i = 0; i < body->src().size(); ++i) {
    const UOpPtr& e = ctx.outputViews.at(i) ? ctx.outputViews[i] : body->src(i);
    results.push_back(reshape(bufferOf(stripReshapes(e.get())->ptr()), ctx.outputShapes.at(i)));
  }
  items.push_back(UOp::make(Op::Tuple, dtypes::void_, std::move(results)));
  return UOp::make(Op::Linear, dtypes::void_, std::move(items));
}

} // namespace uops
