// Folding: a node whose value is known is that value.
#include "core/symbolic/symbolic.h"

#include "core/symbolic/const_fold.h"
#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

// The elementwise primitives: the ops constant folding defines.
OpSet primitiveAluOps() {
  OpSet set;
  for (Op op : allOps())
    if (opGroup(op) == OpGroup::Elementwise) set.set(static_cast<size_t>(op));
  return set;
}

UOpPtr foldConstAlu(const Match& m) {
  return keepShape(*m.root(), foldConstants(*m.root()));
}

// A scalar integer or bool node whose min_max is [v, v].
bool hasSingleValue(const UOp& u) {
  if (!(isScalarInt(u) || isScalarBool(u)) || !u.shape().empty()) return false;
  const MinMax& mm = u.minMax();
  return !mm.isFloat && mm.lo == mm.hi;
}

UOpPtr foldMinMax(const Match& m) {
  return constFor(*m.root(), m.root()->minMax().lo);
}

} // namespace

const PatternMatcher& pmSymbolicFold() {
  static const PatternMatcher pm{
      // op(c1, c2, ...) -> the constant it computes (exact dtype semantics)
      rule("fold constants", UPat::ops(primitiveAluOps()).srcRepeat(UPat::op(Op::Const)),
           foldConstAlu),
      // min_max(x) == [v, v] -> v: decided comparisons, x//c with 0 <= x < c, ...
      rule("fold min_max", UPat::ops(primitiveAluOps()).filter(hasSingleValue), foldMinMax),
  };
  return pm;
}

} // namespace uops
