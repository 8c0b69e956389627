// "apply rangeify": every analysed value becomes its scalar value at its index.
//
// Movement ops vanish: their effect already sits in the index their source is
// read at. A source that is a buffer (an input, or a realized value) is read
// with Load(Index(buffer viewed in its shape, index...)), gated where the
// index may be invalid. A realized value is stored over its fresh ranges into
// a new buffer, and the buffer after that store is what its readers see:
//   After(Buffer, End(Store(Index(Reshape(Buffer, shape), r0, r1, ...), value), r0, r1, ...))
#include "core/pipeline/rangeify_steps.h"
#include "core/ir/provenance.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/rule.h"

namespace uops {
namespace {

bool isTagged(const UOp& u) { return u.tag().has_value(); }
bool isBufferState(const UOp& u) { return u.op() == Op::Buffer || u.op() == Op::After; }

// buf viewed as a value of `shape` (a buffer is flat).
UOpPtr viewAs(const UOpPtr& buf, const Shape& shape) {
  return buf->shape() == shape ? buf : reshape(buf, shape);
}

UOpPtr indexInto(const UOpPtr& buf, const Shape& shape, const IndexList& index) {
  UOpList src{viewAs(buf, shape)};
  for (const IndexExpr& e : index) src.push_back(e.idx);
  return UOp::make(Op::Index, buf->dtype(), std::move(src));
}

// Element `index` of the value of `shape` held in buf; 0 where the index is invalid.
UOpPtr loadFrom(const UOpPtr& buf, const Shape& shape, const IndexList& index) {
  UOpPtr at = indexInto(buf, shape, index);
  if (UOpPtr valid = allValid(index))
    return UOp::make(Op::Load, buf->dtype(), {at, zeroOf(buf->dtype()), valid}, LoadArg{});
  return UOp::make(Op::Load, buf->dtype(), {at}, LoadArg{});
}

// value stored at every element of a new buffer: the buffer after the store.
UOpPtr storeIntoNewBuffer(RangeifyContext& ctx, const RangeInfo& info, const UOpPtr& value) {
  const UOp& x = *info.node;
  UOpPtr buf = ctx.newBuffer(x.dtype(), shapeProduct(x.shape()), x.device());
  if (info.pinned) ctx.pinnedBuffers.insert(buf->argAs<BufferArg>().id);
  if (info.broadcast) ctx.broadcastBuffers.insert(buf->argAs<BufferArg>().id);
  if (shapeProduct(x.shape()) == 0) return buf; // nothing to store
  UOpPtr store = UOp::make(Op::Store, dtypes::void_, {indexInto(buf, x.shape(), info.out), value});
  UOpList end{store};
  for (const IndexExpr& e : info.out)
    if (e.idx->op() == Op::Range) end.push_back(e.idx);
  UOpPtr effect = end.size() == 1 ? store : UOp::make(Op::End, dtypes::void_, std::move(end));
  return UOp::make(Op::After, buf->dtype(), {buf, effect});
}

// A copy reads the whole source buffer onto the copy's device.
UOpPtr copyIntoNewBuffer(RangeifyContext& ctx, const RangeInfo& info, const UOpPtr& source) {
  const UOp& x = *info.node;
  UOpPtr buf = ctx.newBuffer(x.dtype(), shapeProduct(x.shape()), x.device());
  LoadArg arg = x.argAs<LoadArg>();
  if (!arg.device) arg.device = *buf->device();
  UOpPtr load = UOp::make(Op::Load, x.dtype(), {source}, arg);
  return UOp::make(Op::After, buf->dtype(), {buf, UOp::make(Op::Store, dtypes::void_, {buf, load})});
}

// Stack: the leading index picks the source.
UOpPtr selectStacked(const IndexExpr& which, const UOpList& operands) {
  UOpPtr out = operands.back();
  for (size_t k = operands.size() - 1; k-- > 0;)
    out = where(ne(which.idx, constIndex(static_cast<int64_t>(k))), out, operands[k]);
  return out;
}

// Index(T, i...): the placeholders T was read at become the indices' values.
UOpPtr gather(const RangeInfo& info, const UOpList& operands) {
  NodeSubst subst;
  for (size_t j = 1; j < operands.size(); ++j) {
    if (!info.placeholders[j]) continue;
    const UOpPtr& v = operands[j];
    subst.emplace(info.placeholders[j].get(), v->dtype() == dtypes::index ? v : cast(v, dtypes::index));
  }
  return substitute(operands[0], subst, WalkScope::OutsideBuffers);
}

// The scalar value of an analysed node at its index, from its sources' values there.
UOpPtr valueAt(const RangeInfo& info, const UOpList& operands) {
  const UOp& orig = *info.node;
  Op op = orig.op();
  if (op == Op::Const) return info.node;
  ProvenanceScope from(orig.line());
  if (isElementwise(op)) return UOp::make(op, orig.dtype(), operands, orig.arg());
  if (op == Op::Bitcast) return bitcast(operands[0], orig.dtype());
  if (op == Op::Pad) {
    UOpPtr valid = allValid(*info.in[0]);
    return valid ? where(valid, operands[0], zeroOf(orig.dtype())) : operands[0];
  }
  if (op == Op::Reduce) {
    if (info.reduceRanges.empty()) return operands[0];
    UOpList src{operands[0]};
    src.insert(src.end(), info.reduceRanges.begin(), info.reduceRanges.end());
    return UOp::make(Op::Reduce, orig.dtype(), std::move(src), ReduceArg{orig.argAs<ReduceArg>().op, {}});
  }
  if (op == Op::Stack) return selectStacked(info.out[0], operands);
  if (op == Op::Index) return gather(info, operands);
  return operands[0]; // views and markers: the source's element
}

UOpPtr applyRangeify(const Match& m) {
  RangeifyContext& ctx = m.ctx<RangeifyContext>();
  const UOp& x = *m.root();
  const RangeInfo& info = *ctx.infoOf(x);
  const UOp& orig = *info.node;
  UOpList operands(x.src().size());
  for (size_t j = 0; j < x.src().size(); ++j) {
    const UOpPtr& s = x.src(j);
    bool loads = info.in[j] && isBufferState(*s);
    operands[j] = loads ? loadFrom(s, orig.src(j)->shape(), *info.in[j]) : s;
  }
  if (orig.op() == Op::Load) return copyIntoNewBuffer(ctx, info, x.src(0));
  UOpPtr value = valueAt(info, operands);
  return info.realized ? storeIntoNewBuffer(ctx, info, value) : value;
}

} // namespace

const PatternMatcher& pmApplyRangeify() {
  static const PatternMatcher pm{
      // tagged value -> its element at its index, stored into a buffer if realized
      rule("apply rangeify", UPat().filter(isTagged), applyRangeify),
  };
  return pm;
}

} // namespace uops
