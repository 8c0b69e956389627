// Add: identities, reassociation of constants, like terms, canonical sums.
#include "core/symbolic/symbolic.h"

#include "core/ir/build.h"
#include "core/runtime/fault_injection.h"
#include "core/symbolic/linear_form.h"
#include "core/symbolic/symbolic_util.h"

namespace uops {
namespace {
using namespace sym;

UOpPtr add(const UOpPtr& a, const UOpPtr& b) {
  return UOp::make(Op::Add, a->dtype(), {a, b});
}
UOpPtr mulConst(const UOpPtr& x, Int128 c) {
  return UOp::make(Op::Mul, x->dtype(), {x, intConst(x->dtype(), c)});
}

bool intOrFloat(const DType& d) {
  return isScalarIntDType(d) || (d.isFloat() && d.count == 1);
}

// An integer sum in canonical form: terms sorted by structure, like terms
// merged, constant last (see linear_form.h). Ring identities: exact even
// where the arithmetic wraps.
UOpPtr foldSum(const Match& m) {
  const UOpPtr& root = m.root();
  if (isCanonicalSum(*root)) return nullptr;
  auto form = linearize(root);
  if (!form || isCanonical(*root, *form)) return nullptr;
  // Bottom-up, the left source is usually a canonical sum the new one extends.
  return buildLinear(*form, &root->src(0));
}

// A positive integer constant's value.
std::optional<Int128> positiveConst(const UOp& u) {
  auto v = intValue(u);
  return v && *v > 0 ? v : std::nullopt;
}

// One recombination in a sum: k*(x%c1) + k*c1*((x//c1)%c2) -> k*(x%(c1*c2)), and
// k*(x%c) + k*c*(x//c) -> k*x (C's a == (a/b)*b + a%b; the first is the same law
// one digit at a time, exact for truncating division of either sign). Index
// math unflattened and flattened again by Rangeify becomes the plain offset.
bool recombineOnce(LinearForm& form) {
  for (size_t i = 0; i < form.terms.size(); ++i) {
    const UOpPtr& mod = form.terms[i].node;
    if (mod->op() != Op::Mod) continue;
    auto c1 = positiveConst(*mod->src(1));
    if (!c1) continue;
    const UOpPtr& x = mod->src(0);
    Int128 want = wrapInt(form.dtype, form.terms[i].coef * *c1);
    for (size_t j = 0; j < form.terms.size(); ++j) {
      if (j == i || form.terms[j].coef != want) continue;
      const UOpPtr& other = form.terms[j].node;
      UOpPtr merged;
      if (other->op() == Op::Idiv && other->src(0) == x && positiveConst(*other->src(1)) == c1) {
        merged = x;
      } else if (other->op() == Op::Mod && other->src(0)->op() == Op::Idiv && other->src(0)->src(0) == x &&
                 positiveConst(*other->src(0)->src(1)) == c1) {
        auto c2 = positiveConst(*other->src(1));
        if (!c2 || !fitsInt(form.dtype, *c1 * *c2)) continue;
        merged = UOp::make(Op::Mod, x->dtype(), {x, intConst(x->dtype(), *c1 * *c2)});
      } else {
        continue;
      }
      LinearTerm kept{merged, form.terms[i].coef};
      form.terms.erase(form.terms.begin() + static_cast<std::ptrdiff_t>(std::max(i, j)));
      form.terms.erase(form.terms.begin() + static_cast<std::ptrdiff_t>(std::min(i, j)));
      form.terms.push_back(kept);
      return true;
    }
  }
  return false;
}

// Whether some term of the sum's left spine is x%c or (x%c)*k: the cheap test
// before the linear form is built (canonical sums lean left).
bool hasModTerm(const UOp& root) {
  auto isModTerm = [](const UOp& t) {
    return t.op() == Op::Mod || (t.op() == Op::Mul && t.src(0)->op() == Op::Mod);
  };
  const UOp* u = &root;
  for (; u->op() == Op::Add; u = u->src(0).get())
    if (isModTerm(*u->src(1))) return true;
  return isModTerm(*u);
}

UOpPtr recombineDivMod(const Match& m) {
  if (!hasModTerm(*m.root())) return nullptr;
  auto form = linearize(m.root());
  if (!form) return nullptr;
  bool changed = false;
  while (recombineOnce(*form)) changed = true;
  if (!changed) return nullptr;
  // the merged terms are plain nodes now: the canonical sum sorts them again
  UOpPtr out;
  if (form->terms.empty()) return intConst(form->dtype, form->constant);
  for (const LinearTerm& t : form->terms) {
    UOpPtr term = t.coef == 1 ? t.node : mulConst(t.node, t.coef);
    out = out ? add(out, term) : term;
  }
  if (form->constant != 0) out = add(out, intConst(form->dtype, form->constant));
  return out;
}

} // namespace

const PatternMatcher& pmSymbolicAdd() {
  static const PatternMatcher pm{
      // x+0 -> x (for floats it differs only in the sign of a zero result)
      rule("x+0", UPat::var("x") + 0, [](const Match& m) { return m["x"]; }),
      // (x+c1)+c2 -> x+(c1+c2)
      rule("(x+c1)+c2", (ivar("x") + icvar("c1")) + icvar("c2"),
           [](const Match& m) {
             return add(m["x"], intConst(m["x"]->dtype(), cval(m, "c1") + cval(m, "c2")));
           }),
      // x+x -> x*2 (exact for floats too)
      rule("x+x", UPat::var("x").dtypeIf(intOrFloat) + UPat::var("x"),
           [](const Match& m) {
             if (faultInjected("rule", "x+x")) return m["x"]; // fault_injection.h: a dropped term
             return UOp::make(Op::Mul, m["x"]->dtype(), {m["x"], constLikeInt(m["x"], 2)});
           }),
      // x*c1+x*c2 -> x*(c1+c2)
      rule("x*c1+x*c2", ivar("x") * icvar("c1") + UPat::var("x") * icvar("c2"),
           [](const Match& m) { return mulConst(m["x"], cval(m, "c1") + cval(m, "c2")); }),
      // x*c+x -> x*(c+1)
      rule("x*c+x", ivar("x") * icvar("c") + UPat::var("x"),
           [](const Match& m) { return mulConst(m["x"], cval(m, "c") + 1); }),
      // c1*t1 + c2*t2 + ... + k, sorted, like terms merged
      rule("fold sum", UPat::op(Op::Add).dtypeIf(isScalarIntDType), foldSum),
      // k*(x%c1) + k*c1*((x//c1)%c2) -> k*(x%(c1*c2)); k*(x%c) + k*c*(x//c) -> k*x
      rule("recombine divmod", UPat::op(Op::Add).dtypeIf(isScalarIntDType), recombineDivMod),
  };
  return pm;
}

} // namespace uops
