// The value of one element of each elementwise op, per dtype: the laws the
// reference evaluator applies and every compiled path is checked against.
//
// Floats travel as doubles holding a value of their dtype exactly. float64
// computes in double; float32 in float; float16 and bfloat16 compute in float
// and round to their dtype after each op (what hardware without native half
// arithmetic does). libm functions are evaluated in double and rounded once to
// the dtype: the oracle the polynomial decompositions are measured against.
//
// Integers travel as 64-bit two's complement bits (sign-extended for signed
// dtypes), compute modulo 2^64 and wrap to their width afterwards. Bools are
// integers that wrap to (value != 0): Add is Or, Mul is And.
//
// Ops a dtype has no meaning for (Xor on floats, Sin on ints) throw
// std::domain_error naming the op and dtype.
#pragma once

#include "core/ir/dtype.h"
#include "core/ir/op.h"

#include <cstdint>

namespace uops {

// Arithmetic ops (not comparisons, Where or Cast) on float dtype t; Fma
// rounds a * b + c once in float32 (std::fma on floats) or float64, Ldexp
// a * 2^floor(b) once, FracNearest a - rint(a) (exact; 0 for an
// infinite a).
double floatOp(Op op, ScalarType t, double a, double b = 0, double c = 0);
// Arithmetic ops on integer or bool dtype t; Threefry needs t == uint64.
uint64_t intOp(Op op, ScalarType t, uint64_t a, uint64_t b = 0, uint64_t c = 0);

// CmpLt, CmpNe, the decomposed comparisons and Not, on operands of dtype t.
// The decomposed ones follow their definition in the spec, which fixes NaN:
// CmpGe = !(a < b) and CmpLe = !(b < a) are true when either side is NaN,
// CmpEq = !(a != b) and CmpGt = (b < a) are false. Not(a) = (a != 1).
bool floatCompare(Op op, double a, double b);
bool intCompare(Op op, ScalarType t, uint64_t a, uint64_t b);

// The value a Reduce starts from: 0 for Add, 1 for Mul, the least value of t
// (-inf for floats) for Max.
double floatIdentity(Op reduceOp);
uint64_t intIdentity(Op reduceOp, ScalarType t);

} // namespace uops
