// Exp2, Log2 and Sin as graphs of primitive elementwise ops: what Instruction
// Selection puts in place of a decomposed op on a target without the instruction.
//
// The spec decomposes these three ops by "polynomial approx + Mul, Add",
// "exponent extract + polynomial approx" and "argument reduction + polynomial
// approx". The graphs built here use only the spec's primitives (Recip, Trunc,
// Cast, Bitcast, Add, Mul, Max, Mod, Idiv, CmpLt, CmpNe, Xor, Or, And, Shr,
// Shl, Where) and Consts, and never rely on a primitive outside its defined
// range: shifts stay below the width, float-to-int casts see in-range values,
// integer arithmetic is unsigned (and may wrap).
//
// dtype: float32 and float64 are computed natively; float16 and bfloat16 are
// computed in float32 (Cast there and back). Scalar dtypes only (no vectors).
// shape: any. The result has x's dtype and shape; with a non-() shape every
// constant is Reshape+Expand-ed to that shape, so all elementwise sources have
// equal shapes (codegen calls these on ()-shaped scalars).
//
// Accuracy (measured against libm over the whole float32 range and samples of
// float64, see tests/pipeline/test_transcendental.cpp): log2 and sin are faithful,
// below 0.8 ulp of the exact value, for float32 and float64 and for sin at every
// magnitude up to the largest float; exp2 (a plain Horner polynomial, for speed)
// is within 1.1 ulp, and within 1 ulp of libm's rounded value. IEEE specials
// follow C's exp2, log2 and sin:
// NaN in gives NaN; exp2(+inf) = +inf, exp2(-inf) = +0, overflow to +inf, gradual
// underflow through the subnormals to +0, exp2(integer) exact; log2(+-0) = -inf,
// log2(x < 0) = NaN, log2(+inf) = +inf, log2(1) = +0, log2(2^k) = k exactly;
// sin(+-inf) = NaN, sin(+-0) = +-0, sin(-x) = -sin(x) bit for bit.
//
// Cost (nodes, Consts included, ()-shaped x): exp2 49 / 67, log2 ~90 / ~100,
// sin ~410 / ~1030 for float32 / float64; sin is mostly Payne-Hanek's table
// lookups, which every lane pays for since there are no branches.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// Machine instructions a decomposition may use beyond the spec's primitives.
struct DecomposeWith {
  // The polynomials' steps c + z * acc are Fma (one rounding each: a target
  // with fused multiply-add instructions, CodegenTarget::fusedMultiplyAdd);
  // the exact parts (argument reductions, exponent arithmetic) are the same.
  bool fma = false;
  // exp2's 2^q is one Ldexp of its polynomial by q (a target that scales by
  // powers of two in one instruction, CodegenTarget::scaleInstruction): the
  // same value as the two exponent-field products, bit for bit.
  bool ldexp = false;
  // With ldexp, exp2's s = x - q is one FracNearest (vreduceps) and q = x - s,
  // with no clamps, shifter rounding or underflow guard: FracNearest of an
  // infinity is 0, so q keeps x's infinity, and the scale takes every q,
  // rounding to 0 or a subnormal once. The same values as the clamped form,
  // bit for bit (a target whose scaling into subnormals costs no assist,
  // CodegenTarget::fractionInstruction).
  bool fraction = false;
};

UOpPtr decomposeExp2(const UOpPtr& x, DecomposeWith with = {});
UOpPtr decomposeLog2(const UOpPtr& x, DecomposeWith with = {});
UOpPtr decomposeSin(const UOpPtr& x, DecomposeWith with = {});

} // namespace uops
