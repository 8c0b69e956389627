// The range analysis: tinygrad's run_rangeify in our words.
//
// Values are visited consumers first. A value's elements are computed at the
// index its consumers read it at; when every consumer reads the same index it
// is fused into them (one scalar expression, no buffer), otherwise it is
// realized: stored into a buffer of its own over fresh ranges, and each
// consumer loads from that. Outputs and Contiguous are realized regardless.
// A reduction (or elementwise op) that some consumer recomputes for every
// value of a range it is broadcast along is realized too, so an expensive
// value is computed once per element, not once per use; unless every loop it
// depends on is outside the ones it is broadcast along (a row's max in a
// softmax): Linearize then computes it once per row anyway, in the consumer's
// kernel. Realizing too much is cheap to undo: the buffer removal step
// recomputes cheap buffers in their readers.
#include "core/pipeline/rangeify_steps.h"
#include "core/ir/provenance.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/opt/kernel_ranges.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/substitute_step.h"

#include <cassert>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {
namespace {

using Edge = std::pair<const UOp*, size_t>; // (consumer, source slot)

// Does source i of x carry data (rather than a shape operand or a body)?
bool isDataSource(const UOp& x, size_t i) {
  switch (opGroup(x.op())) {
  case OpGroup::Movement:
    if (x.op() == Op::Stack || x.op() == Op::Index) return true;
    return i == 0;
  case OpGroup::Reduce:
  case OpGroup::Marker:
  case OpGroup::Load: return i == 0;
  case OpGroup::Elementwise:
  case OpGroup::DecomposedElementwise: return true;
  case OpGroup::Source:
  case OpGroup::Call:
  case OpGroup::Store:
  case OpGroup::Ordering:
  case OpGroup::Codegen: return false;
  }
  return false;
}

// The smallest and largest nest key (kernel_ranges.h) of the Range nodes in an
// index expression (kNotBroadcast and -1 when it has none).
std::pair<int64_t, int64_t> nestSpan(const UOpPtr& idx) {
  std::pair<int64_t, int64_t> span{kNotBroadcast, -1};
  if (!idx || idx->op() == Op::Const) return span;
  for (const UOp* u : toposortIn(*idx, WalkScope::All))
    if (u->op() == Op::Range) {
      int64_t key = nestKey(*u);
      span = {std::min(span.first, key), std::max(span.second, key)};
    }
  return span;
}

// Whether a value computes a Reduce per element: one below it, not under a
// broadcast (Expand) and not behind a buffer; and whether it reads a buffer
// at all. Memoized over the graph.
class ReduceBelow {
public:
  bool operator()(const UOp& v) { return walk(v, m_reduce, true); }
  bool readsData(const UOp& v) { return walk(v, m_data, false); }

private:
  // reduces: find a Reduce, not below an Expand; otherwise find a Buffer anywhere
  static bool walk(const UOp& v, std::unordered_map<const UOp*, bool>& memo, bool reduces) {
    std::vector<const UOp*> stack{&v};
    while (!stack.empty()) {
      const UOp* u = stack.back();
      if (memo.contains(u)) {
        stack.pop_back();
        continue;
      }
      if (reduces ? u->op() == Op::Reduce : u->op() == Op::Buffer) {
        memo[u] = true;
        stack.pop_back();
        continue;
      }
      bool stops = reduces ? u->op() == Op::Expand || u->op() == Op::Buffer || u->op() == Op::Load ||
                                 u->op() == Op::Contiguous || u->op() == Op::Param || u->op() == Op::Const
                           : u->op() == Op::Const;
      bool ready = true, found = false;
      for (size_t i = 0; !stops && i < u->src().size(); ++i) {
        auto it = memo.find(u->src(i).get());
        if (it == memo.end()) {
          stack.push_back(u->src(i).get());
          ready = false;
        } else {
          found = found || it->second;
        }
      }
      if (!ready) continue;
      memo[u] = found;
      stack.pop_back();
    }
    return memo.at(&v);
  }

  std::unordered_map<const UOp*, bool> m_reduce, m_data;
};

// A row reduction: at most this many elements, so a row read again stays in cache.
constexpr int64_t kRowReduceLimit = 1 << 16;

// A value read at `out` by consumers that broadcast it only along ranges from
// nest key `endingFrom` on: it depends only on loops outside all of those, so
// Linearize computes it once per iteration of them, before the loops it is
// broadcast along, and it needs no buffer. For a reduction (a softmax's max
// and sum, a layernorm's mean) that makes one kernel that reads each row from
// memory once; the reduction is bounded so the row read again stays in cache,
// and its elements must be cheap: each is computed again by every reduction
// and by the consumer (no reduction below it but one it broadcasts, like a
// softmax's max in its sum; attention's scores, a matmul per element, stay a
// buffer).
bool computedOutside(const UOp& x, const IndexList& out, int64_t endingFrom, ReduceBelow& reduceBelow) {
  if (x.op() == Op::Reduce) {
    int64_t elements = 1;
    const Shape& s = x.src(0)->shape();
    for (int64_t a : x.argAs<ReduceArg>().axes) elements *= s[static_cast<size_t>(a)];
    // a reduction that reads no data (a count) is left to the reduce collapse
    if (elements > kRowReduceLimit || reduceBelow(*x.src(0)) || !reduceBelow.readsData(*x.src(0))) return false;
  }
  for (const IndexExpr& e : out)
    if (nestSpan(e.idx).second >= endingFrom || nestSpan(e.valid).second >= endingFrom) return false;
  return true;
}

// Would a consumer that broadcasts this value recompute real work per element?
bool worthRealizingWhenBroadcast(const UOp& x) {
  return isElementwise(x.op()) || x.op() == Op::Reduce || x.op() == Op::Bitcast;
}

[[noreturn]] void unsupported(const UOp& x, std::string_view why) {
  throw std::invalid_argument(fmt::format("rangeify: {} {}", opName(x.op()), why));
}

class RangeAnalysis {
public:
  RangeAnalysis(const UOpPtr& body, RangeifyContext& ctx) : m_ctx(ctx) {
    m_order = toposortIn(*body, WalkScope::OutsideCalls);
    for (const UOp* u : m_order)
      for (size_t i = 0; i < u->src().size(); ++i)
        if (isDataSource(*u, i)) m_users[u->src(i).get()].emplace_back(u, i);
    for (const auto& out : body->src())
      // an output is a buffer of its own shape (a reshape of an input buffer is just a view)
      if (stripReshapes(out.get())->op() != Op::Buffer) m_forced.insert(out.get());
    for (const UOp* u : m_order) {
      if (u->op() == Op::Contiguous) m_forced.insert(u);
      // a copy reads a whole buffer: its source is stored first
      if (u->op() == Op::Load) {
        m_forced.insert(u);
        if (u->src(0)->op() != Op::Buffer) m_forced.insert(u->src(0).get());
      }
    }
  }

  void run() {
    for (auto it = m_order.rbegin(); it != m_order.rend(); ++it) visit(**it);
  }

private:
  const RangeInfo* infoOf(const UOp* u) const {
    auto it = m_ctx.tagOf.find(u);
    return it == m_ctx.tagOf.end() ? nullptr : &m_ctx.infos[static_cast<size_t>(it->second)];
  }

  IndexList freshRanges(const Shape& shape) {
    IndexList out;
    for (int64_t s : shape) out.push_back({m_ctx.newRange(s, AxisType::Loop), nullptr});
    return out;
  }

  void visit(const UOp& x) {
    if (x.op() == Op::Buffer) return; // already a buffer: consumers load from it
    if (x.op() == Op::Const && !m_forced.contains(&x)) return; // the same value at every index
    std::vector<const IndexList*> reads;
    int64_t endingFrom = kNotBroadcast;
    bool readOutside = false;
    for (const Edge& e : m_users[&x]) {
      const RangeInfo* c = infoOf(e.first);
      if (!c || !c->in[e.second]) continue;
      reads.push_back(&*c->in[e.second]);
      readOutside = readOutside || c->outside;
      endingFrom = std::min({endingFrom, c->endingFrom, c->broadcastFrom[e.second]});
    }
    bool ending = endingFrom != kNotBroadcast;
    bool forced = m_forced.contains(&x);
    if (!forced && reads.empty()) return; // nothing computes it (shape operands)
    RangeInfo info;
    info.node = x.ptr();
    bool realize = forced, outside = false;
    if (!realize) {
      realize = !mergeReads(reads, info.out);
      // a value recomputed along a range it does not depend on: compute it
      // once, in a buffer, unless its loops are all outside that range
      if (!realize && ending && worthRealizingWhenBroadcast(x)) {
        outside = m_ctx.rowFusion && computedOutside(x, info.out, endingFrom, m_reduceBelow);
        realize = !outside;
      }
    }
    if (realize) {
      info.realized = true;
      info.broadcast = ending;
      info.out = freshRanges(x.shape());
      ending = false;
    }
    // computed outside the broadcast loops, so are its sources
    info.endingFrom = ending && !outside ? endingFrom : kNotBroadcast;
    info.outside = !realize && (outside || readOutside);
    info.pinned = x.op() == Op::Contiguous || x.op() == Op::Load;
    sourceIndex(x, info);
    if (info.outside && x.op() == Op::Reduce)
      for (const UOpPtr& r : info.reduceRanges) m_ctx.rowReduceRanges.insert(r->argAs<RangeArg>().id);
    m_ctx.tagOf[&x] = static_cast<int64_t>(m_ctx.infos.size());
    m_ctx.infos.push_back(std::move(info));
  }

  // One index for all readers, valid where any reader's is; false if the readers differ.
  static bool mergeReads(const std::vector<const IndexList*>& reads, IndexList& out) {
    for (const IndexList* r : reads)
      if (!sameIndex(*reads[0], *r)) return false;
    out = *reads[0];
    for (size_t k = 0; k < out.size(); ++k) {
      for (const IndexList* r : reads) out[k].valid = orValid(out[k].valid, (*r)[k].valid);
      out[k].valid = simplifyIndex(out[k].valid);
      if (isAlwaysTrue(out[k].valid)) out[k].valid = nullptr;
    }
    return true;
  }

  // Elementwise sources read the same element, broadcast axes element 0.
  void broadcastSources(const UOp& x, RangeInfo& info) {
    for (size_t j = 0; j < x.src().size(); ++j) {
      if (!isDataSource(x, j)) continue;
      const Shape& s = x.src(j)->shape();
      info.in[j] = broadcastIndex(s, x.shape(), info.out);
      size_t shift = x.shape().size() - s.size();
      for (size_t k = 0; k < x.shape().size(); ++k) {
        bool broadcast = (k < shift || s[k - shift] == 1) && x.shape()[k] != 1;
        if (broadcast) info.broadcastFrom[j] = std::min(info.broadcastFrom[j], nestSpan(info.out[k].idx).first);
      }
    }
  }

  void reduceSource(const UOp& x, RangeInfo& info) {
    const Shape& s = x.src(0)->shape();
    const Ints& axes = x.argAs<ReduceArg>().axes;
    IndexList in = info.out;
    for (int64_t a : axes) {
      UOpPtr r = m_ctx.newRange(s[static_cast<size_t>(a)], AxisType::Reduce);
      in[static_cast<size_t>(a)] = {r, nullptr};
      if (r->op() == Op::Range) info.reduceRanges.push_back(r);
    }
    info.in[0] = in;
    // the output loops the reduction runs inside of (rangeify_buffers.cpp)
    std::vector<const UOp*> loops;
    for (const IndexExpr& e : info.out)
      if (e.idx && e.idx->op() != Op::Const)
        for (const UOp* u : toposortIn(*e.idx, WalkScope::All))
          if (u->op() == Op::Range && u->argAs<RangeArg>().type == AxisType::Loop) loops.push_back(u);
    for (const UOpPtr& r : info.reduceRanges) m_ctx.reduceLoops[r->argAs<RangeArg>().id] = loops;
  }

  // Index(T, i...): T is read at the values of the indices, which stand in as
  // placeholder ranges until "apply rangeify" puts the values in.
  void indexSources(const UOp& x, RangeInfo& info) {
    const Shape& t = x.src(0)->shape();
    IndexList tin;
    size_t p = 0;
    info.placeholders.assign(x.src().size(), nullptr);
    for (size_t j = 1; j < x.src().size(); ++j) {
      const UOpPtr& i = x.src(j);
      if (i->op() == Op::Const) {
        tin.push_back({constIndex(std::get<int64_t>(*i->constValue())), nullptr});
        info.in[j] = std::nullopt;
        continue;
      }
      UOpPtr stand = m_ctx.newRange(t[j - 1], AxisType::Loop);
      if (stand->op() == Op::Range) info.placeholders[j] = stand;
      tin.push_back({stand, nullptr});
      if (i->shape().empty()) info.in[j] = IndexList{};
      else info.in[j] = IndexList{info.out[p++]};
    }
    tin.insert(tin.end(), info.out.begin() + static_cast<std::ptrdiff_t>(p), info.out.end());
    info.in[0] = tin;
  }

  void sourceIndex(const UOp& x, RangeInfo& info) {
    info.in.assign(x.src().size(), std::nullopt);
    info.broadcastFrom.assign(x.src().size(), kNotBroadcast);
    Op op = x.op();
    if (op == Op::Reshape || op == Op::Permute || op == Op::Flip || op == Op::Pad || op == Op::Shrink)
      info.in[0] = movementIndex(x, x.src(0)->shape(), info.out);
    else if (op == Op::Reduce)
      reduceSource(x, info);
    else if (op == Op::Stack)
      for (size_t j = 0; j < x.src().size(); ++j) info.in[j] = IndexList(info.out.begin() + 1, info.out.end());
    else if (op == Op::Index)
      indexSources(x, info);
    else if (op == Op::Slice)
      sliceSource(x, info);
    else if (op == Op::Expand || op == Op::Bitcast || op == Op::Contiguous || isElementwise(op))
      broadcastSources(x, info);
    else if (op == Op::Replicated)
      unsupported(x, "(multi-device) is not supported");
    else if (op != Op::Load && op != Op::Const) // a copy's source is its own buffer; a Const is one value
      unsupported(x, "has no meaning in a tensor graph");
  }

  // Slice(T, offset): `size` elements of T's storage from a constant offset, in T's dtype.
  void sliceSource(const UOp& x, RangeInfo& info) {
    auto offset = x.src(1)->constValue();
    if (!offset || x.dtype() != x.src(0)->dtype())
      unsupported(x, "needs a constant offset and its source's dtype");
    const Shape& t = x.src(0)->shape();
    IndexExpr flat{simplifyIndex(info.out[0].idx + std::get<int64_t>(*offset)), info.out[0].valid};
    info.in[0] = reshapeIndex(t, {shapeProduct(t)}, {flat});
  }

  RangeifyContext& m_ctx;
  std::vector<const UOp*> m_order;
  std::unordered_map<const UOp*, std::vector<Edge>> m_users;
  std::unordered_set<const UOp*> m_forced;
  ReduceBelow m_reduceBelow;
};

// The body with every analysed node tagged with its RangeInfo's number.
UOpPtr tagAnalysed(const UOpPtr& body, const RangeifyContext& ctx) {
  NodeSubst done;
  for (const UOp* u : toposortIn(*body, WalkScope::OutsideCalls)) {
    UOpList src = u->src();
    for (size_t i = 0; i < src.size(); ++i)
      if (followsSource(*u, i, WalkScope::OutsideCalls)) src[i] = done.at(src[i].get());
    auto tag = ctx.tagOf.find(u);
    Tag t = tag == ctx.tagOf.end() ? u->tag() : Tag(tag->second);
    ProvenanceScope from(u->line());
    done.emplace(u, UOp::make(u->op(), u->dtype(), std::move(src), u->arg(), t));
  }
  return recordPass("run rangeify", body, done, WalkScope::OutsideCalls);
}

} // namespace

const UOp* stripReshapes(const UOp* u) {
  while (u->op() == Op::Reshape) u = u->src(0).get();
  return u;
}

UOpPtr runRangeify(const UOpPtr& body, RangeifyContext& ctx) {
  // a result that only views a buffer is that buffer, even where its view is
  // also read (and so becomes a scalar value) inside some kernel
  for (const UOpPtr& out : body->src()) {
    const UOp* base = stripReshapes(out.get());
    ctx.outputViews.push_back(base->op() == Op::Buffer ? base->ptr() : nullptr);
  }
  RangeAnalysis(body, ctx).run();
  return tagAnalysed(body, ctx);
}

} // namespace uops
