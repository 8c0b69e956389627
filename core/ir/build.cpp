#include "core/ir/build.h"

namespace uops {

UOpPtr constant(DType dtype, ConstValue value) {
  return UOp::make(Op::Const, dtype, {}, toArg(value));
}

UOpPtr constIndex(int64_t v) { return constant(dtypes::index, v); }

UOpPtr constLike(const UOpPtr& like, double v) {
  DType d = like->dtype().scalarType();
  if (d.isFloat()) return constant(d, v);
  if (d.isBool()) return constant(d, v != 0);
  return constant(d, static_cast<int64_t>(v));
}

UOpPtr constLikeInt(const UOpPtr& like, int64_t v) {
  DType d = like->dtype().scalarType();
  if (d.isFloat()) return constant(d, static_cast<double>(v));
  if (d.isBool()) return constant(d, v != 0);
  return constant(d, v);
}

UOpPtr shapeOperand(const Shape& shape) {
  UOpList dims;
  for (int64_t s : shape) dims.push_back(constIndex(s));
  return UOp::make(Op::Stack, dtypes::index, std::move(dims));
}

UOpPtr alu(Op op, UOpList src) {
  DType d = src.at(0)->dtype();
  if (isComparison(op) || op == Op::Not) d = DType(ScalarType::Bool).vec(d.count);
  if (op == Op::Where) d = src.at(1)->dtype();
  return UOp::make(op, d, std::move(src));
}

UOpPtr cast(const UOpPtr& x, DType to) { return UOp::make(Op::Cast, to, {x}); }
UOpPtr bitcast(const UOpPtr& x, DType to) { return UOp::make(Op::Bitcast, to, {x}); }
UOpPtr where(const UOpPtr& c, const UOpPtr& a, const UOpPtr& b) { return alu(Op::Where, {c, a, b}); }
UOpPtr lt(const UOpPtr& a, const UOpPtr& b) { return alu(Op::CmpLt, {a, b}); }
UOpPtr ne(const UOpPtr& a, const UOpPtr& b) { return alu(Op::CmpNe, {a, b}); }
UOpPtr maximum(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Max, {a, b}); }
UOpPtr lt(const UOpPtr& a, int64_t b) { return lt(a, constLikeInt(a, b)); }
UOpPtr ne(const UOpPtr& a, int64_t b) { return ne(a, constLikeInt(a, b)); }
UOpPtr maximum(const UOpPtr& a, int64_t b) { return maximum(a, constLikeInt(a, b)); }

UOpPtr buffer(int64_t id, DType dtype, int64_t size, DeviceArg device, AddrSpace space) {
  return UOp::make(Op::Buffer, dtype, {}, BufferArg{id, size, std::move(device), space});
}

UOpPtr param(int64_t slot, DType dtype, const Shape& shape, std::optional<DeviceArg> device) {
  return UOp::make(Op::Param, dtype, {shapeOperand(shape)}, ParamArg{slot, std::move(device), {}, {}});
}

UOpPtr reshape(const UOpPtr& x, const Shape& shape) {
  return UOp::make(Op::Reshape, x->dtype(), {x, shapeOperand(shape)});
}
UOpPtr expand(const UOpPtr& x, const Shape& shape) {
  return UOp::make(Op::Expand, x->dtype(), {x, shapeOperand(shape)});
}
UOpPtr pad(const UOpPtr& x, const Shape& offsets, const Shape& shape) {
  return UOp::make(Op::Pad, x->dtype(), {x, shapeOperand(offsets), shapeOperand(shape)});
}
UOpPtr shrink(const UOpPtr& x, const Shape& offsets, const Shape& shape) {
  return UOp::make(Op::Shrink, x->dtype(), {x, shapeOperand(offsets), shapeOperand(shape)});
}
UOpPtr permute(const UOpPtr& x, Ints order) { return UOp::make(Op::Permute, x->dtype(), {x}, std::move(order)); }
UOpPtr flip(const UOpPtr& x, Bools flags) { return UOp::make(Op::Flip, x->dtype(), {x}, std::move(flags)); }
UOpPtr reduce(const UOpPtr& x, Op op, Ints axes) {
  return UOp::make(Op::Reduce, x->dtype(), {x}, ReduceArg{op, std::move(axes)});
}
UOpPtr range(const UOpPtr& bound, int64_t id, AxisType type) {
  return UOp::make(Op::Range, dtypes::index, {bound}, RangeArg{id, type});
}
UOpPtr range(int64_t bound, int64_t id, AxisType type) { return range(constIndex(bound), id, type); }
UOpPtr sink(UOpList src) { return UOp::make(Op::Sink, dtypes::void_, std::move(src)); }

UOpPtr operator+(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Add, {a, b}); }
UOpPtr operator*(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Mul, {a, b}); }
UOpPtr operator-(const UOpPtr& a) { return a * constLikeInt(a, -1); }
UOpPtr operator-(const UOpPtr& a, const UOpPtr& b) { return a + (-b); }
UOpPtr operator/(const UOpPtr& a, const UOpPtr& b) {
  if (a->dtype().isFloat()) return a * alu(Op::Recip, {b});
  return alu(Op::Idiv, {a, b});
}
UOpPtr operator%(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Mod, {a, b}); }
UOpPtr operator&(const UOpPtr& a, const UOpPtr& b) { return alu(Op::And, {a, b}); }
UOpPtr operator|(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Or, {a, b}); }
UOpPtr operator^(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Xor, {a, b}); }
UOpPtr operator<<(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Shl, {a, b}); }
UOpPtr operator>>(const UOpPtr& a, const UOpPtr& b) { return alu(Op::Shr, {a, b}); }

UOpPtr operator+(const UOpPtr& a, int64_t b) { return a + constLikeInt(a, b); }
UOpPtr operator-(const UOpPtr& a, int64_t b) { return a + constLikeInt(a, -b); }
UOpPtr operator*(const UOpPtr& a, int64_t b) { return a * constLikeInt(a, b); }
UOpPtr operator/(const UOpPtr& a, int64_t b) { return a / constLikeInt(a, b); }
UOpPtr operator%(const UOpPtr& a, int64_t b) { return a % constLikeInt(a, b); }
UOpPtr operator+(int64_t a, const UOpPtr& b) { return constLikeInt(b, a) + b; }
UOpPtr operator*(int64_t a, const UOpPtr& b) { return constLikeInt(b, a) * b; }

} // namespace uops
