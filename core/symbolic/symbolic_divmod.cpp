// Idiv and Mod by constants and by known ranges. Both truncate toward zero
// (C), so every rule states the sign condition that makes it exact.
#include "core/symbolic/symbolic.h"

#include "core/symbolic/linear_form.h"
#include "core/symbolic/symbolic_util.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace uops {
namespace {
using namespace sym;

Int128 floorDiv(Int128 a, Int128 b) {
  Int128 q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
Int128 floorMod(Int128 a, Int128 b) {
  return a - floorDiv(a, b) * b;
}

UOpPtr binary(Op op, const UOpPtr& a, const UOpPtr& b) {
  return UOp::make(op, a->dtype(), {a, b});
}

bool isPositiveConst(const UOp& u) {
  auto v = intValue(u);
  return v && *v > 0;
}
bool excludesZero(const MinMax& m) {
  return !m.isFloat && (m.lo > 0 || m.hi < 0);
}

// x*c does not wrap: x's interval times c fits the dtype.
bool productExact(const UOpPtr& x, Int128 c) {
  const MinMax& m = x->minMax();
  return !m.isFloat && fitsInt(x->dtype(), satMul(m.lo, c)) && fitsInt(x->dtype(), satMul(m.hi, c));
}

// x = g*Q + R: the floor split of every coefficient (and the constant) by g,
// so every coefficient of R is in [0, g).
struct Split {
  LinearForm q, r;
};
Split splitBy(const LinearForm& f, Int128 g) {
  Split s{{f.dtype, {}, floorDiv(f.constant, g)}, {f.dtype, {}, floorMod(f.constant, g)}};
  for (const LinearTerm& t : f.terms) {
    if (Int128 c = floorDiv(t.coef, g)) s.q.terms.push_back({t.node, c});
    if (Int128 c = floorMod(t.coef, g)) s.r.terms.push_back({t.node, c});
  }
  return s;
}

Int128 gcd(Int128 a, Int128 b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b)
    a = std::exchange(b, a % b);
  return a;
}

UOpPtr divOrMod(bool isMod, const UOpPtr& a, Int128 d) {
  return binary(isMod ? Op::Mod : Op::Idiv, a, intConst(a->dtype(), d));
}

// x = g*Q + R with 0 <= R < g and g dividing d = g*e (x >= 0, so Q >= 0):
//   x//d = Q//e,  x%d = (Q%e)*g + R.
UOpPtr foldCommonFactor(const LinearForm& x, Int128 d, bool isMod) {
  std::vector<Int128> factors;
  for (const LinearTerm& t : x.terms)
    if (Int128 g = gcd(d, t.coef); g > 1 && g < d) factors.push_back(g);
  std::sort(factors.rbegin(), factors.rend());
  for (Int128 g : factors) {
    Split s = splitBy(x, g);
    Interval rr = exactRange(s.r);
    if (s.q.terms.empty() || rr.lo < 0 || rr.hi >= g) continue;
    UOpPtr q = divOrMod(isMod, buildLinear(s.q), d / g);
    if (!isMod) return q;
    UOpPtr scaled = UOp::make(Op::Mul, x.dtype, {q, intConst(x.dtype, g)});
    return UOp::make(Op::Add, x.dtype, {scaled, buildLinear(s.r)});
  }
  return nullptr;
}

// x = d*Q + R, split by the divisor. When x cannot wrap:
//   R == 0            x//d = Q, x%d = 0 for any sign of x (exact multiple)
// and when also x >= 0 (so truncation is floor):
//   R in [m*d, (m+1)*d)              x//d = Q + m,  x%d = R - m*d
//   x = g*Q' + R', 0 <= R' < g, g | d  (see foldCommonFactor)
//   R >= 0 and Q not empty           x//d = Q + R//d, x%d = R%d
UOpPtr foldLinearDivMod(const Match& m, bool isMod) {
  const Int128 d = cval(m, "d");
  auto form = linearize(m["x"]);
  if (!form) return nullptr;
  Interval xr = exactRange(*form);
  if (!fits(form->dtype, xr)) return nullptr;
  Split s = splitBy(*form, d);
  Interval rr = exactRange(s.r);
  if (!fits(s.r.dtype, rr) || !fits(s.q.dtype, exactRange(s.q))) return nullptr;
  if (s.r.terms.empty() && s.r.constant == 0)
    return isMod ? constFor(*m.root(), 0) : buildLinear(s.q);
  if (xr.lo < 0) return nullptr;
  Int128 mLo = floorDiv(rr.lo, d), mHi = floorDiv(rr.hi, d);
  if (mLo == mHi) {
    if (isMod)
      s.r.constant -= mLo * d;
    else
      s.q.constant += mLo;
    return buildLinear(isMod ? s.r : s.q);
  }
  if (UOpPtr common = foldCommonFactor(*form, d, isMod)) return common;
  if (s.q.terms.empty() || rr.lo < 0) return nullptr;
  UOpPtr rest = binary(isMod ? Op::Mod : Op::Idiv, buildLinear(s.r), m["d"]);
  if (isMod) return rest;
  return binary(Op::Add, buildLinear(s.q), rest);
}

} // namespace

const PatternMatcher& pmSymbolicDivMod() {
  static const UPat d = icvar("d").filter(isPositiveConst);
  static const PatternMatcher pm{
      // x//1 -> x
      rule("x//1", ivar("x") / 1, [](const Match& m) { return m["x"]; }),
      // x%1 -> 0
      rule("x%1", ivar("x") % 1, [](const Match& m) { return constFor(*m.root(), 0); }),
      // x//x -> 1 when x is never 0
      rule("x//x", ivar("x") / UPat::var("x"),
           [](const Match& m) {
             return excludesZero(m["x"]->minMax()) ? constFor(*m.root(), 1) : nullptr;
           }),
      // x%x -> 0 when x is never 0
      rule("x%x", ivar("x") % UPat::var("x"),
           [](const Match& m) {
             return excludesZero(m["x"]->minMax()) ? constFor(*m.root(), 0) : nullptr;
           }),
      // (x*c)//c -> x when x*c does not wrap (truncation of an exact multiple)
      rule("(x*c)//c", (ivar("x") * icvar("c")) / UPat::var("c"),
           [](const Match& m) {
             Int128 c = cval(m, "c");
             return c != 0 && productExact(m["x"], c) ? m["x"] : nullptr;
           }),
      // (x*c)%c -> 0 when x*c does not wrap
      rule("(x*c)%c", (ivar("x") * icvar("c")) % UPat::var("c"),
           [](const Match& m) {
             Int128 c = cval(m, "c");
             return c != 0 && productExact(m["x"], c) ? constFor(*m.root(), 0) : nullptr;
           }),
      // x%c -> x when 0 <= x < c
      rule("x%c", ivar("x") % d,
           [](const Match& m) {
             const MinMax& r = m["x"]->minMax();
             return r.lo >= 0 && r.hi < cval(m, "d") ? m["x"] : nullptr;
           }),
      // (x//a)//b -> x//(a*b) for a, b > 0: trunc(trunc(x/a)/b) = trunc(x/(a*b)) for every x
      rule("(x//a)//b",
           (ivar("x") / icvar("a").filter(isPositiveConst)) / icvar("b").filter(isPositiveConst),
           [](const Match& m) -> UOpPtr {
             Int128 ab = cval(m, "a") * cval(m, "b");
             if (!fitsInt(m["x"]->dtype(), ab)) return nullptr;
             return binary(Op::Idiv, m["x"], intConst(m["x"]->dtype(), ab));
           }),
      // (x%a)%b -> x%b for a, b > 0 and b dividing a (both keep the sign of x)
      rule("(x%a)%b",
           (ivar("x") % icvar("a").filter(isPositiveConst)) % icvar("b").filter(isPositiveConst),
           [](const Match& m) -> UOpPtr {
             if (cval(m, "a") % cval(m, "b") != 0) return nullptr;
             return binary(Op::Mod, m["x"], m["b"]);
           }),
      // (Q*d + R)//d -> Q + R//d, folded where R's range allows (see foldLinearDivMod)
      rule("divide linear sum", ivar("x") / d,
           [](const Match& m) { return foldLinearDivMod(m, false); }),
      // (Q*d + R)%d -> R%d, folded where R's range allows
      rule("mod linear sum", ivar("x") % d,
           [](const Match& m) { return foldLinearDivMod(m, true); }),
  };
  return pm;
}

} // namespace uops
