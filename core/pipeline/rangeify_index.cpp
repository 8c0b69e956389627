#include "core/pipeline/rangeify_index.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/rewrite/listener.h"
#include "core/rewrite/rewrite_filter.h"
#include "core/symbolic/symbolic.h"

#include <cassert>

namespace uops {

UOpPtr andValid(const UOpPtr& a, const UOpPtr& b) {
  if (!a) return b;
  if (!b || a == b) return a;
  return a & b;
}

UOpPtr orValid(const UOpPtr& a, const UOpPtr& b) {
  if (!a || !b) return nullptr;
  if (a == b) return a;
  return a | b;
}

UOpPtr allValid(const IndexList& index) {
  UOpPtr v;
  for (const IndexExpr& e : index) v = andValid(v, e.valid);
  return v;
}

UOpPtr simplifyIndex(const UOpPtr& expr) {
  if (!expr || expr->op() == Op::Const || expr->op() == Op::Range) return expr;
  // not a step of the trace: neither traced nor numbered for a filter (lowering_filter.h)
  ScopedRewriteListener quiet(nullptr);
  ScopedRewriteFilter unfiltered(nullptr);
  return graphRewrite(expr, pmSymbolic(), {.name = "index math"});
}

bool isAlwaysTrue(const UOpPtr& cond) {
  if (!cond) return true;
  auto v = cond->constValue();
  return v && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
}

// One rewrite for the whole list: the axes of a reshape share their flat index
// and their validity, simplified once (the rules match no Sink, so each
// expression comes out as it would alone).
IndexList simplifyIndex(const IndexList& index) {
  UOpList parts;
  for (const IndexExpr& e : index) {
    parts.push_back(e.idx);
    if (e.valid) parts.push_back(e.valid);
  }
  UOpPtr all = simplifyIndex(UOp::make(Op::Sink, dtypes::void_, std::move(parts)));
  IndexList out;
  size_t at = 0;
  for (const IndexExpr& e : index) {
    UOpPtr idx = all->src(at++);
    UOpPtr valid = e.valid ? all->src(at++) : nullptr;
    out.push_back({std::move(idx), isAlwaysTrue(valid) ? nullptr : valid});
  }
  return out;
}

UOpPtr flatIndex(const Shape& shape, const UOpList& index) {
  assert(shape.size() == index.size() && "one index per axis");
  UOpPtr flat = constIndex(0);
  int64_t stride = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    if (shape[k] != 1) flat = flat + index[k] * stride;
    stride *= shape[k];
  }
  return flat;
}

IndexList reshapeIndex(const Shape& from, const Shape& to, const IndexList& out) {
  UOpList idx;
  for (const IndexExpr& e : out) idx.push_back(e.idx);
  UOpPtr flat = flatIndex(to, idx);
  // an invalid element anywhere makes the whole element invalid
  UOpPtr valid = allValid(out);
  IndexList in(from.size());
  int64_t stride = 1;
  for (size_t k = from.size(); k-- > 0;) {
    in[k].idx = from[k] == 1 ? constIndex(0) : (flat / stride) % from[k];
    in[k].valid = valid;
    stride *= from[k];
  }
  return simplifyIndex(in);
}

IndexList broadcastIndex(const Shape& srcShape, const Shape& outShape, const IndexList& out) {
  size_t shift = outShape.size() - srcShape.size();
  IndexList in;
  for (size_t k = 0; k < srcShape.size(); ++k) {
    // a broadcast axis reads element 0, which is in bounds whatever the index was
    if (srcShape[k] == 1 && outShape[k + shift] != 1) in.push_back({constIndex(0), nullptr});
    else in.push_back(out[k + shift]);
  }
  return in;
}

namespace {

Shape operand(const UOp& x, size_t i) { return *shapeOperandValues(*x.src(i)); }

IndexList permuteIndex(const Ints& order, const IndexList& out) {
  IndexList in(out.size());
  for (size_t k = 0; k < order.size(); ++k) in[static_cast<size_t>(order[k])] = out[k];
  return in;
}

IndexList flipIndex(const Bools& flags, const Shape& shape, const IndexList& out) {
  IndexList in = out;
  for (size_t k = 0; k < flags.size(); ++k)
    if (flags[k]) in[k].idx = simplifyIndex(constIndex(shape[k] - 1) - out[k].idx);
  return in;
}

// Pad: element e of the output is source element e - o where o <= e < o + s.
IndexList padIndex(const Shape& offsets, const Shape& srcShape, const IndexList& out) {
  IndexList in = out;
  for (size_t k = 0; k < offsets.size(); ++k) {
    int64_t o = offsets[k], s = srcShape[k];
    const UOpPtr& e = out[k].idx;
    UOpPtr inside = ne(lt(e, constIndex(o)), constant(dtypes::bool_, true)) & lt(e, constIndex(o + s));
    UOpPtr valid = simplifyIndex(andValid(out[k].valid, inside));
    in[k] = {simplifyIndex(e - o), isAlwaysTrue(valid) ? nullptr : valid};
  }
  return in;
}

// Shrink's offsets may be index expressions over variables (variable.h): the
// source element is out + o either way.
IndexList shrinkIndex(const UOp& offsets, const IndexList& out) {
  IndexList in = out;
  for (size_t k = 0; k < offsets.src().size(); ++k) {
    const UOpPtr& o = offsets.src(k);
    if (o->op() == Op::Const && o->constValue() && o->minMax().isConst() && o->minMax().lo == 0) continue;
    in[k].idx = simplifyIndex(out[k].idx + o);
  }
  return in;
}

} // namespace

IndexList movementIndex(const UOp& x, const Shape& srcShape, const IndexList& out) {
  if (x.op() == Op::Reshape) return reshapeIndex(srcShape, x.shape(), out);
  if (x.op() == Op::Permute) return permuteIndex(x.argAs<Ints>(), out);
  if (x.op() == Op::Flip) return flipIndex(x.argAs<Bools>(), srcShape, out);
  if (x.op() == Op::Expand) return broadcastIndex(srcShape, x.shape(), out);
  if (x.op() == Op::Pad) return padIndex(operand(x, 1), srcShape, out);
  assert(x.op() == Op::Shrink && "movementIndex: not a view movement op");
  return shrinkIndex(*x.src(1), out);
}

UOpPtr zeroOf(DType d) {
  if (d.isBool()) return constant(d, false);
  if (d.isFloat()) return constant(d, 0.0);
  return constant(d, int64_t{0});
}

bool sameIndex(const IndexList& a, const IndexList& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].idx != b[k].idx) return false;
  return true;
}

} // namespace uops
