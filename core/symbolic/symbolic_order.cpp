// A canonical operand order for commutative ops, so equal expressions built
// in different orders intern to one node: constants on the right, otherwise
// by structure (never by address). Integer Add is ordered by "fold sum".
#include "core/symbolic/symbolic.h"

#include "core/symbolic/structural_order.h"
#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

OpSet commutativeOps() {
  OpSet set;
  for (Op op : allOps())
    if (isCommutative(op) && opInfo(op).minSrc == 2 && opInfo(op).maxSrc == 2)
      set.set(static_cast<size_t>(op));
  return set;
}

bool outOfOrder(const UOp& u) {
  if (u.src().size() != 2) return false;
  if (u.op() == Op::Add && isScalarInt(u)) return false;
  const UOp& a = *u.src(0);
  const UOp& b = *u.src(1);
  bool aConst = a.op() == Op::Const, bConst = b.op() == Op::Const;
  if (aConst != bConst) return aConst;
  return compareStructure(b, a) < 0;
}

} // namespace

const PatternMatcher& pmSymbolicOrder() {
  static const PatternMatcher pm{
      // a op b -> b op a for commutative op when b comes first
      rule("commutative order", UPat::ops(commutativeOps()).filter(outOfOrder),
           [](const Match& m) {
             const UOp& u = *m.root();
             return UOp::make(u.op(), u.dtype(), {u.src(1), u.src(0)}, u.arg(), u.tag());
           }),
  };
  return pm;
}

} // namespace uops
