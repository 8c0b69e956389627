// Verifier rules for elementwise ops, primitive and decomposed: the dtype laws of
// the spec's ALU rows.
#include "core/ir/verify_rules.h"

namespace uops::verify_detail {
namespace {

// Ops that only make sense on one kind of number.
bool needsInt(Op op) {
  return op == Op::Mod || op == Op::Idiv;
}
bool needsIntOrBool(Op op) {
  return op == Op::Xor || op == Op::Or || op == Op::And;
}
bool needsFloat(Op op) {
  return op == Op::Recip || op == Op::Div || op == Op::Exp2 || op == Op::Log2 || op == Op::Sin ||
         op == Op::Sqrt || op == Op::Pow || op == Op::Fma || op == Op::Ldexp ||
         op == Op::FracNearest;
}

// Cast converts any value to any value of the same vector width.
void castRules(Rules& r) {
  DType from = r.src(0), to = r.u.dtype();
  if (from.isPtr) return r.fail("cannot cast a pointer, got {}", toString(from));
  if (!isValueType(to)) return r.fail("target must be a value type, got {}", toString(to));
  if (from.count != to.count)
    r.fail("cannot cast {} to {}: vector widths differ", toString(from), toString(to));
}

// Where(P, A, B): P is bool, A and B agree, and the result is theirs.
void whereRules(Rules& r) {
  r.srcIsBool(0, "condition");
  r.equalSources(1, 2, "branches");
  r.dtypeIs(r.src(1), "the branches'");
}

// A shift amount need not have the shifted value's dtype.
void shiftRules(Rules& r) {
  if (!r.src(0).isInt()) r.fail("needs an int dtype, got {}", toString(r.src(0)));
  r.srcIsInt(1, "shift amount");
  r.sameAsSrc0();
}

// Comparisons and Not give bool of their operands' width, whatever those are.
void boolResultRules(Rules& r) {
  for (size_t i = 1; i < r.u.src().size(); ++i)
    r.equalSources(0, i, "sources");
  DType expected = DType(ScalarType::Bool).vec(r.src(0).count);
  if (!(r.u.dtype() == expected))
    r.fail("dtype must be {}, got {}", toString(expected), toString(r.u.dtype()));
}

} // namespace

void elementwiseRules(Rules& r) {
  const UOp& u = r.u;
  const Op op = u.op();
  bool sourcesAreValues = true;
  for (size_t i = 0; i < u.src().size(); ++i) {
    if (!r.src(i).isVoid()) continue;
    r.fail("source {} must be a value, got {}", i, toString(r.src(i)));
    sourcesAreValues = false;
  }
  if (!sourcesAreValues) return;
  if (op == Op::Cast) return castRules(r);
  if (op == Op::Where) return whereRules(r);
  if (op == Op::Shl || op == Op::Shr) return shiftRules(r);
  if (isComparison(op) || op == Op::Not) return boolResultRules(r);
  // Every other ALU op: operands of one dtype, which is also the result's.
  for (size_t i = 1; i < u.src().size(); ++i)
    r.equalSources(0, i, "sources");
  r.sameAsSrc0();
  DType d = r.src(0);
  if (needsInt(op) && !d.isInt()) r.fail("needs an int dtype, got {}", toString(d));
  if (needsIntOrBool(op) && !d.isInt() && !d.isBool())
    r.fail("needs an int or bool dtype, got {}", toString(d));
  if (needsFloat(op) && !d.isFloat()) r.fail("needs a float dtype, got {}", toString(d));
}

} // namespace uops::verify_detail
