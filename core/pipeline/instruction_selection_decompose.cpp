// The spec's decompositions of the decomposed elementwise ops, one rule each.
#include "core/pipeline/instruction_selection.h"

#include "core/ir/build.h"
#include "core/pipeline/decompose_pow.h"
#include "core/pipeline/transcendental.h"
#include "core/runtime/float_convert.h"

namespace uops {
namespace {

// -1 in x's dtype; unsigned dtypes hold its wrapped value (Mul by it is negation
// modulo 2^bits).
UOpPtr minusOne(const UOpPtr& x) {
  DType d = x->dtype().scalarType();
  if (d.isFloat()) return constant(d, -1.0);
  if (d.isBool()) return constant(d, true);
  return constant(d, static_cast<int64_t>(wrapToInt(d.scalar, ~uint64_t(0))));
}

UOpPtr one(const UOpPtr& x) {
  return constLikeInt(x, 1);
}
UOpPtr trueConst() {
  return constant(dtypes::bool_, true);
}

UOpPtr neg(const UOpPtr& x) {
  return alu(Op::Mul, {x, minusOne(x)});
}
UOpPtr notBool(const UOpPtr& b) {
  return alu(Op::CmpNe, {b, trueConst()});
}

const UOpPtr& a(const Match& m) {
  return m["a"];
}
const UOpPtr& b(const Match& m) {
  return m["b"];
}

UPat unary(Op op) {
  return UPat::op(op, {UPat::var("a")});
}
UPat binary(Op op) {
  return UPat::op(op, {UPat::var("a"), UPat::var("b")}).inOrder();
}

} // namespace

const PatternMatcher& pmDecompositions() {
  static const PatternMatcher pm{
      // Neg(a) -> Mul(a, -1)
      rule("neg", unary(Op::Neg), [](const Match& m) { return neg(a(m)); }),
      // Sub(a, b) -> Add(a, Neg(b))
      rule("sub", binary(Op::Sub),
           [](const Match& m) {
             return alu(Op::Add, {a(m), neg(b(m))});
           }),
      // Div(a, b) -> Mul(a, Recip(b)) on floats; on integers it is Idiv (the evaluator's law)
      rule("div", binary(Op::Div),
           [](const Match& m) {
             if (!a(m)->dtype().isFloat()) return alu(Op::Idiv, {a(m), b(m)});
             return alu(Op::Mul, {a(m), alu(Op::Recip, {b(m)})});
           }),
      // CmpGt(a, b) -> CmpLt(b, a)
      rule("cmpgt", binary(Op::CmpGt), [](const Match& m) { return lt(b(m), a(m)); }),
      // CmpGe(a, b) -> CmpNe(CmpLt(a, b), 1)
      rule("cmpge", binary(Op::CmpGe), [](const Match& m) { return notBool(lt(a(m), b(m))); }),
      // CmpLe(a, b) -> CmpNe(CmpLt(b, a), 1)
      rule("cmple", binary(Op::CmpLe), [](const Match& m) { return notBool(lt(b(m), a(m))); }),
      // CmpEq(a, b) -> CmpNe(CmpNe(a, b), 1)
      rule("cmpeq", binary(Op::CmpEq), [](const Match& m) { return notBool(ne(a(m), b(m))); }),
      // Not(a) -> CmpNe(a, 1)
      rule("not", unary(Op::Not), [](const Match& m) { return ne(a(m), one(a(m))); }),
      // Pow(a, b) -> Exp2(Log2(a) * b), with a constant b simplified and a
      // negative a's sign (decompose_pow.h)
      rule("pow", binary(Op::Pow).dtypeIf(isFloatDType),
           [](const Match& m) { return decomposePow(a(m), b(m)); }),
      // Mulacc(a, b, c) -> Add(Mul(a, b), c)
      rule("mulacc", UPat::op(Op::Mulacc, {UPat::var("a"), UPat::var("b"), UPat::var("c")}),
           [](const Match& m) {
             return alu(Op::Add, {alu(Op::Mul, {a(m), b(m)}), m["c"]});
           }),
      // Threefry(x, k) -> 20 add-rotate-xor rounds on uint32 halves
      rule("threefry", binary(Op::Threefry).dtype({dtypes::uint64}),
           [](const Match& m) { return decomposeThreefry(a(m), b(m)); }),
  };
  return pm;
}

const PatternMatcher& pmSqrtDecomposition() {
  static const PatternMatcher pm{
      // Sqrt(a) -> Exp2(0.5 * Log2(a))
      rule("sqrt", unary(Op::Sqrt).dtypeIf(isFloatDType),
           [](const Match& m) {
             UOpPtr l = alu(Op::Log2, {a(m)});
             return alu(Op::Exp2, {alu(Op::Mul, {l, constLike(a(m), 0.5)})});
           }),
  };
  return pm;
}

namespace {

template <bool Fma, bool Ldexp, bool Fraction = false> PatternMatcher transcendentals() {
  static constexpr DecomposeWith kWith{.fma = Fma, .ldexp = Ldexp, .fraction = Fraction};
  return PatternMatcher{
      // exp2: range reduction to [-0.5, 0.5] + polynomial
      rule("exp2", unary(Op::Exp2).dtypeIf(isFloatDType),
           [](const Match& m) { return decomposeExp2(a(m), kWith); }),
      // log2: exponent extraction + polynomial
      rule("log2", unary(Op::Log2).dtypeIf(isFloatDType),
           [](const Match& m) { return decomposeLog2(a(m), kWith); }),
      // sin: argument reduction + polynomial
      rule("sin", unary(Op::Sin).dtypeIf(isFloatDType),
           [](const Match& m) { return decomposeSin(a(m), kWith); }),
  };
}

} // namespace

const PatternMatcher& pmTranscendentals(DecomposeWith with) {
  static const PatternMatcher all[] = {
      transcendentals<false, false>(),      transcendentals<false, true>(),
      transcendentals<false, true, true>(), transcendentals<true, false>(),
      transcendentals<true, true>(),        transcendentals<true, true, true>()};
  return all[(with.fma ? 3 : 0) + (with.ldexp ? (with.fraction ? 2 : 1) : 0)];
}

} // namespace uops
