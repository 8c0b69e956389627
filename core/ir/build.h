// Builders: short ways to make UOps with the spec's derived dtype.
//
// Arithmetic operators build primitive elementwise ops (a - b is Add(a, Mul(b, -1)),
// as the spec decomposes Sub), with a Python-style weak constant: `x * 2` is a
// Const of x's dtype. Comparisons are named (lt, ne, eq, ...) because UOpPtr is
// a std::shared_ptr, whose ==, != and < compare pointers.
#pragma once

#include "core/ir/uop.h"

namespace uops {

UOpPtr constant(DType dtype, ConstValue value);
UOpPtr constIndex(int64_t v); // dtypes.index
// A Const of `like`'s scalar dtype holding v (converted to that dtype's kind).
UOpPtr constLike(const UOpPtr& like, double v);
UOpPtr constLikeInt(const UOpPtr& like, int64_t v);

// A shape operand: Stack of index Consts.
UOpPtr shapeOperand(const Shape& shape);

// Elementwise op with the spec's dtype: bool for comparisons, src[1] for Where,
// src[0] otherwise. Use cast() and bitcast() for Cast and Bitcast.
UOpPtr alu(Op op, UOpList src);
UOpPtr cast(const UOpPtr& x, DType to);
UOpPtr bitcast(const UOpPtr& x, DType to);
UOpPtr where(const UOpPtr& cond, const UOpPtr& a, const UOpPtr& b);
UOpPtr lt(const UOpPtr& a, const UOpPtr& b);
UOpPtr ne(const UOpPtr& a, const UOpPtr& b);
UOpPtr maximum(const UOpPtr& a, const UOpPtr& b);
UOpPtr lt(const UOpPtr& a, int64_t b);
UOpPtr ne(const UOpPtr& a, int64_t b);
UOpPtr maximum(const UOpPtr& a, int64_t b);

// A Buffer with identity `id` (see BufferArg).
UOpPtr buffer(int64_t id, DType dtype, int64_t size, DeviceArg device, AddrSpace space = AddrSpace::Global);
UOpPtr param(int64_t slot, DType dtype, const Shape& shape, std::optional<DeviceArg> device = {});
UOpPtr reshape(const UOpPtr& x, const Shape& shape);
UOpPtr expand(const UOpPtr& x, const Shape& shape);
UOpPtr pad(const UOpPtr& x, const Shape& offsets, const Shape& shape);
UOpPtr shrink(const UOpPtr& x, const Shape& offsets, const Shape& shape);
UOpPtr permute(const UOpPtr& x, Ints order);
UOpPtr flip(const UOpPtr& x, Bools flags);
UOpPtr reduce(const UOpPtr& x, Op op, Ints axes);
UOpPtr range(const UOpPtr& bound, int64_t id, AxisType type = AxisType::Loop);
UOpPtr range(int64_t bound, int64_t id, AxisType type = AxisType::Loop);
UOpPtr sink(UOpList src);

UOpPtr operator+(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator-(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator*(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator/(const UOpPtr& a, const UOpPtr& b); // Idiv for ints, Mul(a, Recip(b)) for floats
UOpPtr operator%(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator&(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator|(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator^(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator<<(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator>>(const UOpPtr& a, const UOpPtr& b);
UOpPtr operator-(const UOpPtr& a); // Mul(a, -1)

UOpPtr operator+(const UOpPtr& a, int64_t b);
UOpPtr operator-(const UOpPtr& a, int64_t b);
UOpPtr operator*(const UOpPtr& a, int64_t b);
UOpPtr operator/(const UOpPtr& a, int64_t b);
UOpPtr operator%(const UOpPtr& a, int64_t b);
UOpPtr operator+(int64_t a, const UOpPtr& b);
UOpPtr operator*(int64_t a, const UOpPtr& b);

} // namespace uops
