// Builders for gradient graphs, following the tensor layer's conventions so the
// backward graph is one the compiler and the evaluator already accept: every
// elementwise op sees sources of one shape and dtype (broadcasting inserts
// Reshape + Expand), and constants are fills, Expand(Reshape(Const, (1..1)), shape).
#pragma once

#include "core/ir/uop.h"

namespace uops::grad {

// v converted to dtype (bool: v != 0, ints: truncated) and broadcast to shape.
UOpPtr fill(double v, DType dtype, const Shape& shape);
UOpPtr fillLike(const UOpPtr& like, double v); // like's dtype and shape

// Reshape (prepending axes of 1) + Expand; x itself when the shape matches.
UOpPtr broadcastTo(const UOpPtr& x, const Shape& shape);
// An elementwise op after broadcasting every source to their common shape.
UOpPtr elementwise(Op op, UOpList src);

UOpPtr add(const UOpPtr& a, const UOpPtr& b);
UOpPtr mul(const UOpPtr& a, const UOpPtr& b);
UOpPtr mul(const UOpPtr& a, double b); // b as a constant of a's dtype
UOpPtr neg(const UOpPtr& a);           // Mul(a, -1), the spec's Neg
UOpPtr recip(const UOpPtr& a);
UOpPtr div(const UOpPtr& a, const UOpPtr& b); // Mul(a, Recip(b)), the spec's Div
UOpPtr eq(const UOpPtr& a, const UOpPtr& b);  // CmpNe(CmpNe(a, b), True), the spec's CmpEq
UOpPtr less(const UOpPtr& a, const UOpPtr& b);
UOpPtr select(const UOpPtr& cond, const UOpPtr& a, const UOpPtr& b); // Where
UOpPtr castTo(const UOpPtr& x, DType dtype);                         // x itself if already dtype

// Sum over `axes`, kept as 1 (a Reduce, or x itself when axes is empty).
UOpPtr reduceSum(const UOpPtr& x, const Ints& axes);
// A gradient of a broadcast edge summed back to its source's shape: the axes
// that broadcasting added or expanded are reduced in the sum accumulation dtype
// (tinygrad's sum_acc_dtype), then reshaped and cast back.
UOpPtr sumTo(const UOpPtr& g, const Shape& shape);

} // namespace uops::grad
