// Cast: casts that change nothing. (Casts of constants fold in pmSymbolicFold.)
#include "core/symbolic/symbolic.h"

#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

// Every value of `from` is a value of `to` (integers).
bool widens(const DType& from, const DType& to) {
  if (!from.isInt() || !to.isInt()) return false;
  MinMax f = dtypeRange(from), t = dtypeRange(to);
  return t.lo <= f.lo && f.hi <= t.hi;
}

} // namespace

const PatternMatcher& pmSymbolicCast() {
  static const PatternMatcher pm{
      // cast(x, dtype(x)) -> x
      rule("cast to own dtype", UPat::op(Op::Cast, {UPat::var("x")}),
           [](const Match& m) -> UOpPtr {
             return m["x"]->dtype() == m.root()->dtype() ? m["x"] : nullptr;
           }),
      // cast(cast(x, wide), dtype(x)) -> x when the inner cast loses nothing
      rule("cast back from wider",
           UPat::op(Op::Cast, {UPat::op(Op::Cast, {UPat::var("x")}).named("inner")}),
           [](const Match& m) -> UOpPtr {
             const DType from = m["x"]->dtype(), wide = m["inner"]->dtype();
             return from == m.root()->dtype() && widens(from, wide) ? m["x"] : nullptr;
           }),
  };
  return pm;
}

} // namespace uops
