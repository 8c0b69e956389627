// Arithmetic on bools as logic. The evaluator's law: bools are integers that
// wrap to (value != 0) after each op, and shift amounts are taken modulo 8.
#include "core/pipeline/instruction_selection.h"

#include "core/ir/build.h"

namespace uops {
namespace {

UPat boolBinary(Op op) {
  return UPat::op(op, {UPat::var("a"), UPat::var("b")}).inOrder().dtype({dtypes::bool_});
}
UOpPtr logic(Op op, const Match& m) {
  return alu(op, {m["a"], m["b"]});
}

} // namespace

const PatternMatcher& pmBoolOps() {
  // pure: every rule reads the matched node alone (pattern_matcher.h)
  static const PatternMatcher pm = PatternMatcher::pure({
      // a + b wraps to a | b
      rule("bool add", boolBinary(Op::Add), [](const Match& m) { return logic(Op::Or, m); }),
      // a * b is a & b
      rule("bool mul", boolBinary(Op::Mul), [](const Match& m) { return logic(Op::And, m); }),
      // max(a, b) is a | b
      rule("bool max", boolBinary(Op::Max), [](const Match& m) { return logic(Op::Or, m); }),
      // a // b is a & b (x // 0 = 0, x // 1 = x)
      rule("bool idiv", boolBinary(Op::Idiv), [](const Match& m) { return logic(Op::And, m); }),
      // a % b is false (x % 0 = 0, x % 1 = 0)
      rule("bool mod", boolBinary(Op::Mod),
           [](const Match&) { return constant(dtypes::bool_, false); }),
      // a << b is a (1 << 1 = 2 wraps to true)
      rule("bool shl", boolBinary(Op::Shl), [](const Match& m) { return m["a"]; }),
      // a >> b is a & !b (1 >> 1 = 0)
      rule("bool shr", boolBinary(Op::Shr),
           [](const Match& m) {
             return alu(Op::And, {m["a"], alu(Op::Xor, {m["b"], constant(dtypes::bool_, true)})});
           }),
      // trunc of an integer is itself
      rule("bool trunc", UPat::op(Op::Trunc, {UPat::var("a")}).dtype({dtypes::bool_}),
           [](const Match& m) { return m["a"]; }),
  });
  return pm;
}

} // namespace uops
