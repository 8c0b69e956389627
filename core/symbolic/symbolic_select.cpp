// Where and Max: decided by a known condition or by intervals.
#include "core/symbolic/symbolic.h"

#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

// The condition's value when min_max decides it.
std::optional<bool> decided(const UOp& cond) {
  const MinMax& m = cond.minMax();
  if (m.isFloat || m.lo != m.hi) return std::nullopt;
  return m.lo != 0;
}

// max(a, b) when one interval is entirely above the other.
UOpPtr maxByIntervals(const Match& m) {
  const MinMax& a = m["a"]->minMax();
  const MinMax& b = m["b"]->minMax();
  if (a.lo >= b.hi) return keepShape(*m.root(), m["a"]);
  if (b.lo >= a.hi) return keepShape(*m.root(), m["b"]);
  return nullptr;
}

} // namespace

const PatternMatcher& pmSymbolicSelect() {
  static const PatternMatcher pm{
      // where(c, a, a) -> a
      rule("where(c,a,a)", UPat::where(UPat::var("c"), UPat::var("a"), UPat::var("a")),
           [](const Match& m) { return keepShape(*m.root(), m["a"]); }),
      // where(c, where(c, a, b), d) -> where(c, a, d): the inner one sees c true
      rule("where(c,where(c,a,b),d)",
           UPat::where(UPat::var("c"), UPat::where(UPat::var("c"), UPat::var("a"), UPat::var("b")),
                       UPat::var("d")),
           [](const Match& m) { return m.root()->withSrc({m["c"], m["a"], m["d"]}); }),
      // where(c, a, where(c, b, d)) -> where(c, a, d): the inner one sees c false
      rule("where(c,a,where(c,b,d))",
           UPat::where(UPat::var("c"), UPat::var("a"),
                       UPat::where(UPat::var("c"), UPat::var("b"), UPat::var("d"))),
           [](const Match& m) { return m.root()->withSrc({m["c"], m["a"], m["d"]}); }),
      // where(c, a, b) -> a or b when min_max decides c
      rule("where decided", UPat::where(UPat::var("c"), UPat::var("a"), UPat::var("b")),
           [](const Match& m) -> UOpPtr {
             auto c = decided(*m["c"]);
             if (!c) return nullptr;
             return keepShape(*m.root(), *c ? m["a"] : m["b"]);
           }),
      // where(c, True, False) -> c
      rule("where(c,True,False)", UPat::where(UPat::var("c").dtypeIf(isBoolDType), true, false),
           [](const Match& m) { return keepShape(*m.root(), m["c"]); }),
      // max(x, x) -> x
      rule("max(x,x)", UPat::var("x").max(UPat::var("x")), [](const Match& m) { return m["x"]; }),
      // max(a, b) -> a when a >= b everywhere (integers: intervals hold no NaN)
      rule("max decided", ivar("a").max(ivar("b")), maxByIntervals),
  };
  return pm;
}

} // namespace uops
