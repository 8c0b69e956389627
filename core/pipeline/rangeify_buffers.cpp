// Buffer removal and reduce simplification, run with pmSymbolic to a fixed
// point (tinygrad's "symbolic+reduce_collapse+debuf").
//
// The range analysis realizes every value whose readers disagree on its
// index; here a realized value that is cheap to recompute is computed in each
// reader instead: its store's ranges are replaced by the reader's index. The
// cost model is tinygrad's: keep the buffer when the value reads more than 3
// buffers, or when a reduction inside it reads a buffer (recomputing that is
// a loop per element); Contiguous buffers are always kept. One rule is ours:
// fusion never multiplies work. A value with a reduction over computed data
// (no loads) or a transcendental is recomputed only in a reader that computes
// each element once: not inside another reduction's loop (y.T @ y over a
// computed y; an LSTM's sigmoid gates inside the next step's matmul), and
// not along a loop the value is broadcast on (a matmul chain's inner product).
#include "core/pipeline/rangeify_steps.h"

#include "core/pipeline/fusion_remarks.h"
#include "core/pipeline/half_round_trip.h"
#include "core/remarks/remark_scope.h"

#include "core/ir/build.h"
#include "core/opt/kernel_ranges.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/rule.h"

#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

// The Buffer or After an Index reads (through the Reshape that views it), else null.
const UOp* bufferRead(const UOp& index) {
  const UOp* view = index.src(0).get();
  if (view->op() == Op::Reshape) view = view->src(0).get();
  return view->op() == Op::Buffer || view->op() == Op::After ? view : nullptr;
}

// A Reduce over row-reduction ranges (rangeify_context.h).
bool isRowReduce(const UOp& u, const RangeifyContext& ctx) {
  if (u.op() != Op::Reduce || u.src().size() < 2) return false;
  for (size_t i = 1; i < u.src().size(); ++i)
    if (u.src(i)->op() != Op::Range || !ctx.rowReduceRanges.contains(u.src(i)->argAs<RangeArg>().id)) return false;
  return true;
}

// The buffer is one of the Function's results (a tensor the program realized).
bool isResultBuffer(const UOp& buffer, const RangeifyContext& ctx) {
  return buffer.op() == Op::Buffer && ctx.resultBuffers.contains(buffer.argAs<BufferArg>().id);
}

// Why a value is too costly to recompute in its readers, or empty when it is cheap.
std::string costlyToRecompute(const UOpPtr& value, const RangeifyContext& ctx) {
  std::unordered_set<const UOp*> buffers;
  std::unordered_set<const UOp*> readsBuffer; // nodes with a Load below them
  for (const UOp* u : toposortIn(*value, WalkScope::OutsideBuffers)) {
    bool reads = u->op() == Op::Load;
    for (const UOpPtr& s : u->src()) reads = reads || readsBuffer.contains(s.get());
    if (reads) readsBuffer.insert(u);
    if (u->op() == Op::Index)
      if (const UOp* b = bufferRead(*u)) buffers.insert(b);
    // recomputing a reduction over loads costs a loop per element (a row
    // reduction: once per row, where the reader keeps the row loop outside)
    if (u->op() == Op::Reduce && readsBuffer.contains(u->src(0).get()) && !isRowReduce(*u, ctx))
      return fmt::format("its {} reads a buffer: recomputing it would be a loop per element read",
                         reductionWord(*u));
  }
  if (buffers.size() > 3) return fmt::format("it reads {} buffers (at most 3 are recomputed)", buffers.size());
  return {};
}

// What makes an element of v cost more than a few instructions, or null: a
// reduction (a row reduction aside: those are computed once per row where
// rowsStayOuter allows it) or a transcendental (a polynomial on the CPU).
const UOp* expensivePerElement(const UOpPtr& v, const RangeifyContext& ctx) {
  for (const UOp* u : toposortIn(*v, WalkScope::OutsideBuffers)) {
    if (u->op() == Op::Reduce && !isRowReduce(*u, ctx)) return u;
    if (isTranscendental(u->op())) return u;
  }
  return nullptr;
}

// Whether a reader at `at` computes each element of the buffer stored over
// `target` at most once: its index puts a distinct loop where the store has a
// range, and a reduction's loop only where the index also holds every output
// loop that reduction runs inside of (a sum over a row reads each element of
// its row once; a matmul's reduce loop inside a column loop the index lacks
// would read each element once per column).
bool readOncePerElement(const UOp& target, const UOp& at, const RangeifyContext& ctx) {
  std::unordered_set<const UOp*> seen;
  for (size_t k = 1; k < target.src().size(); ++k) {
    if (target.src(k)->op() != Op::Range) continue;
    const UOp& read = *at.src(k);
    if (read.op() != Op::Range || !seen.insert(&read).second) return false;
  }
  for (const UOp* r : seen) {
    const RangeArg& arg = r->argAs<RangeArg>();
    if (arg.type == AxisType::Loop || ctx.rowReduceRanges.contains(arg.id)) continue;
    auto loops = ctx.reduceLoops.find(arg.id);
    if (loops == ctx.reduceLoops.end()) return false;
    for (const UOp* loop : loops->second)
      if (!seen.contains(loop)) return false;
  }
  return true;
}

// How many times a reader at `at` computes each element again: the product
// of the output loops its reduction loops run inside of that its index does
// not hold (a matmul's reduce loop inside a column loop: once per column);
// 0 where that is not a count of loops.
int64_t recomputeFactor(const UOp& target, const UOp& at, const RangeifyContext& ctx) {
  std::unordered_set<const UOp*> seen;
  for (size_t k = 1; k < target.src().size(); ++k)
    if (target.src(k)->op() == Op::Range && at.src(k)->op() == Op::Range) seen.insert(at.src(k).get());
  std::unordered_set<const UOp*> missing;
  for (const UOp* r : seen) {
    auto loops = ctx.reduceLoops.find(r->argAs<RangeArg>().id);
    if (loops == ctx.reduceLoops.end()) continue;
    for (const UOp* loop : loops->second)
      if (!seen.contains(loop)) missing.insert(loop);
  }
  int64_t times = 1;
  for (const UOp* loop : missing) times *= constBound(*loop).value_or(0);
  return missing.empty() ? 0 : times;
}

// The Range nodes v depends on (within its kernel).
std::unordered_set<const UOp*> rangesIn(const UOpPtr& v) {
  std::unordered_set<const UOp*> out;
  for (const UOp* u : toposortIn(*v, WalkScope::OutsideBuffers))
    if (u->op() == Op::Range) out.insert(u);
  return out;
}

// A value with row reductions, stored over `target`'s ranges and read at
// `at`'s index: recomputed in the reader only where the reader's index for
// the ranges the reductions depend on is plain loops outside every other loop
// of the index (so the reader still computes each row's reduction once), and
// where a reader inside a reduction reads it at every output loop of that
// reduction (a matmul over a softmax's rows would compute the value again for
// each of its columns).
bool rowsStayOuter(const UOpPtr& value, const UOp& target, const UOp& at, const RangeifyContext& ctx) {
  std::unordered_set<const UOp*> rowDeps;
  for (const UOp* u : toposortIn(*value, WalkScope::OutsideBuffers))
    if (isRowReduce(*u, ctx)) rowDeps.merge(rangesIn(u->ptr()));
  if (rowDeps.empty()) return true;
  int64_t outerEnd = -1, innerStart = INT64_MAX;
  for (size_t k = 1; k < target.src().size(); ++k) {
    const UOp& reader = *at.src(k);
    if (rowDeps.contains(target.src(k).get())) {
      if (reader.op() == Op::Const) continue;
      if (reader.op() != Op::Range) return false;
      outerEnd = std::max(outerEnd, nestKey(reader));
      continue;
    }
    for (const UOp* r : rangesIn(at.src(k))) innerStart = std::min(innerStart, nestKey(*r));
  }
  if (outerEnd >= innerStart) return false;
  std::unordered_set<const UOp*> read;
  for (size_t k = 1; k < at.src().size(); ++k) read.merge(rangesIn(at.src(k)));
  for (const UOp* r : read) {
    if (r->argAs<RangeArg>().type != AxisType::Reduce) continue;
    auto loops = ctx.reduceLoops.find(r->argAs<RangeArg>().id);
    if (loops == ctx.reduceLoops.end()) return false;
    for (const UOp* loop : loops->second)
      if (!read.contains(loop)) return false;
  }
  return true;
}

// v with `gate` added to every load in it: v is computed at a reader's index,
// which is out of the buffer's bounds where the reader's gate is false.
UOpPtr gateLoads(const UOpPtr& v, const UOpPtr& gate) {
  std::unordered_map<const UOp*, UOpPtr> done;
  for (const UOp* u : toposortIn(*v, WalkScope::OutsideBuffers)) {
    UOpList src = u->src();
    for (size_t i = 0; i < src.size(); ++i)
      if (followsSource(*u, i, WalkScope::OutsideBuffers)) src[i] = done.at(src[i].get());
    if (u->op() == Op::Load) {
      if (src.size() == 1) src.push_back(zeroOf(u->dtype()));
      src.resize(3);
      src[2] = andValid(src[2], gate);
    }
    done.emplace(u, u->withSrc(std::move(src)));
  }
  return done.at(v.get());
}

// Load(Index(view of After(buf, store of v over r...), i...)) -> v[r := i]
UOpPtr removeBufferize(const Match& m) {
  const RangeifyContext& ctx = m.ctx<RangeifyContext>();
  const UOp& load = *m.root();
  const UOp& at = *load.src(0);
  const UOp* state = bufferRead(at);
  if (!state || state->op() != Op::After || state->src().size() != 2) return nullptr;
  if (ctx.pinnedBuffers.contains(state->src(0)->argAs<BufferArg>().id)) return nullptr;
  const UOp* effect = state->src(1).get();
  const UOp* store = effect->op() == Op::End ? effect->src(0).get() : effect;
  if (store->op() != Op::Store || store->src(0)->op() != Op::Index) return nullptr; // a copy
  const UOp& target = *store->src(0);
  const UOpPtr& value = store->src(1);
  if (target.src().size() != at.src().size()) return nullptr;
  if (isHalfOfFloat(*value) && isResultBuffer(*state->src(0), ctx)) {
    if (remarksOn())
      remarkKeptBuffer(*state->src(0), *value, load,
                       "it is a result holding float32 values rounded to half: a reader reads the rounded values");
    return nullptr;
  }
  if (std::string costly = costlyToRecompute(value, ctx); !costly.empty()) {
    if (remarksOn()) remarkKeptBuffer(*state->src(0), *value, load, costly);
    return nullptr;
  }
  if (!rowsStayOuter(value, target, at, ctx)) {
    if (remarksOn())
      remarkKeptBuffer(*state->src(0), *value, load,
                       "its row reductions would run inside the reader's other loops, once per element");
    return nullptr;
  }
  // fusion never multiplies work: a reduction or a transcendental is
  // recomputed in a reader only where that computes each element once
  if (const UOp* costly = expensivePerElement(value, ctx)) {
    const bool broadcast = ctx.broadcastBuffers.contains(state->src(0)->argAs<BufferArg>().id);
    if (broadcast || !readOncePerElement(target, at, ctx)) {
      if (remarksOn())
        remarkKeptBuffer(*state->src(0), *value, load,
                         recomputeReason(*costly, recomputeFactor(target, at, ctx)));
      return nullptr;
    }
  }
  if (remarksOn()) remarkFusedBuffer(*state->src(0), *value, load);
  NodeSubst subst;
  for (size_t k = 1; k < target.src().size(); ++k)
    if (target.src(k)->op() == Op::Range) subst.emplace(target.src(k).get(), at.src(k));
  UOpPtr v = substitute(value, subst, WalkScope::OutsideBuffers);
  if (load.src().size() < 3) return v;
  const UOpPtr& gate = load.src(2);
  return where(gate, gateLoads(v, gate), load.src(1));
}

// Reduce(v, r...) with v independent of some r: those iterations repeat one
// value: Add multiplies by their count, Max (and bool Mul, an And) ignores them.
UOpPtr reduceUnparented(const Match& m) {
  const UOp& red = *m.root();
  Op op = red.argAs<ReduceArg>().op;
  if (op == Op::Mul && !red.dtype().isBool()) return nullptr;
  const UOpPtr& v = red.src(0);
  auto used = rangesIn(v);
  UOpList kept{v};
  int64_t repeats = 1;
  for (size_t i = 1; i < red.src().size(); ++i) {
    if (used.contains(red.src(i).get())) kept.push_back(red.src(i));
    else repeats *= red.src(i)->src(0)->constValue() ? std::get<int64_t>(*red.src(i)->src(0)->constValue()) : 0;
  }
  if (kept.size() == red.src().size() || repeats == 0) return nullptr;
  UOpPtr out = kept.size() == 1 ? v : red.withSrc(std::move(kept));
  if (op != Op::Add || red.dtype().isBool()) return out;
  return out * constLikeInt(out, repeats);
}

} // namespace

const PatternMatcher& pmRemoveBufferize() {
  static const PatternMatcher pm{
      // Load of a cheap buffer -> its value computed at the load's index
      rule("remove bufferize", UPat::op(Op::Load).srcPrefix({UPat::op(Op::Index)}),
           removeBufferize),
      // where(g, Load(i, a, g), a) -> Load(i, a, g): a gated load already gives a where g is false
      rule("where on gated load",
           UPat::where(UPat::var("g"), UPat::op(Op::Load).src({UPat::var("i"), UPat::var("a"), UPat::var("g")}),
                       UPat::var("a")),
           [](const Match& m) { return m.root()->src(1); }),
  };
  return pm;
}

const PatternMatcher& pmReduceSimplify() {
  static const PatternMatcher pm{
      // Reduce over ranges the value does not depend on -> fewer ranges (times their count for Add)
      rule("reduce unparented", UPat::op(Op::Reduce), reduceUnparented),
  };
  return pm;
}

void noteResultBuffers(const UOpPtr& body, RangeifyContext& ctx) {
  for (const UOpPtr& result : body->src()) {
    const UOp* at = stripReshapes(result.get());
    if (at->op() == Op::After) at = at->src(0).get();
    if (at->op() == Op::Buffer) ctx.resultBuffers.insert(at->argAs<BufferArg>().id);
  }
}

} // namespace uops
