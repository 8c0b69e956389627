#include "core/symbolic/linear_form.h"

#include "core/symbolic/structural_order.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>

namespace uops {
namespace {

constexpr Int128 kSaturated = static_cast<Int128>(1) << 120;

Int128 clampSat(Int128 v) {
  return std::clamp(v, -kSaturated, kSaturated);
}

Int128 ringMul(const DType& d, Int128 a, Int128 b) {
  using U = unsigned __int128;
  return wrapInt(d, static_cast<Int128>(static_cast<U>(a) * static_cast<U>(b)));
}

Int128 ringAdd(const DType& d, Int128 a, Int128 b) {
  using U = unsigned __int128;
  return wrapInt(d, static_cast<Int128>(static_cast<U>(a) + static_cast<U>(b)));
}

// c * t as a node (t alone when c is 1).
UOpPtr termNode(const DType& d, const LinearTerm& t) {
  if (t.coef == 1) return t.node;
  return UOp::make(Op::Mul, d, {t.node, intConst(d, t.coef)});
}

bool isTermNode(const UOp& n, const DType& d, const LinearTerm& t) {
  if (t.coef == 1) return &n == t.node.get();
  return n.op() == Op::Mul && n.dtype() == d && n.src(0) == t.node &&
         isIntConst(*n.src(1), d, t.coef);
}

} // namespace

Int128 satAdd(Int128 a, Int128 b) {
  return clampSat(clampSat(a) + clampSat(b));
}

Int128 satMul(Int128 a, Int128 b) {
  Int128 r = 0;
  if (__builtin_mul_overflow(clampSat(a), clampSat(b), &r))
    return (a < 0) != (b < 0) ? -kSaturated : kSaturated;
  return clampSat(r);
}

std::optional<LinearForm> linearize(const UOpPtr& e, size_t budget) {
  const DType d = e->dtype();
  if (!d.isInt() || d.count != 1 || d.isPtr) return std::nullopt;
  LinearForm form{d, {}, 0};
  std::vector<std::pair<const UOpPtr*, Int128>> pending{{&e, 1}};
  size_t seen = 0;
  while (!pending.empty()) {
    auto [node, coef] = pending.back();
    pending.pop_back();
    if (++seen > budget) return std::nullopt;
    const UOp& u = **node;
    if (auto c = intValue(u); c && u.dtype() == d) {
      form.constant = ringAdd(d, form.constant, ringMul(d, coef, *c));
      continue;
    }
    if (u.op() == Op::Add && u.dtype() == d) {
      pending.emplace_back(&u.src(1), coef);
      pending.emplace_back(&u.src(0), coef);
      continue;
    }
    if (u.op() == Op::Mul && u.dtype() == d) {
      auto c1 = intValue(*u.src(1));
      auto c0 = c1 ? c1 : intValue(*u.src(0));
      if (c0) {
        pending.emplace_back(c1 ? &u.src(0) : &u.src(1), ringMul(d, coef, *c0));
        continue;
      }
    }
    form.terms.push_back({*node, coef});
  }
  std::sort(form.terms.begin(), form.terms.end(), [](const LinearTerm& a, const LinearTerm& b) {
    return structurallyBefore(*a.node, *b.node);
  });
  // Merge like terms (equal structure is the same node) and drop zeros.
  std::vector<LinearTerm> merged;
  for (LinearTerm& t : form.terms) {
    if (!merged.empty() && merged.back().node == t.node)
      merged.back().coef = ringAdd(d, merged.back().coef, t.coef);
    else
      merged.push_back(std::move(t));
  }
  std::erase_if(merged, [](const LinearTerm& t) { return t.coef == 0; });
  form.terms = std::move(merged);
  return form;
}

// The left spine of a sum, innermost first: spine[j] sums the first j+1
// terms; termOf[j] is its last term node.
struct Spine {
  std::vector<const UOpPtr*> prefix;
  std::vector<const UOp*> term;
};
Spine spineOf(const UOpPtr& e, const DType& d) {
  Spine s;
  const UOpPtr* n = &e;
  while ((*n)->op() == Op::Add && (*n)->dtype() == d) {
    s.prefix.push_back(n);
    s.term.push_back((*n)->src(1).get());
    n = &(*n)->src(0);
  }
  s.prefix.push_back(n);
  s.term.push_back(n->get());
  std::reverse(s.prefix.begin(), s.prefix.end());
  std::reverse(s.term.begin(), s.term.end());
  return s;
}

UOpPtr buildLinear(const LinearForm& form, const UOpPtr* like) {
  const DType d = form.dtype;
  UOpPtr acc;
  size_t reused = 0;
  if (like && !form.terms.empty()) {
    Spine old = spineOf(*like, d);
    while (reused < form.terms.size() && reused < old.term.size() &&
           isTermNode(*old.term[reused], d, form.terms[reused]))
      ++reused;
    if (reused) acc = *old.prefix[reused - 1];
  }
  for (size_t j = reused; j < form.terms.size(); ++j) {
    UOpPtr term = termNode(d, form.terms[j]);
    acc = acc ? UOp::make(Op::Add, d, {acc, term}) : term;
  }
  if (!acc) return intConst(d, form.constant);
  if (form.constant == 0) return acc;
  return UOp::make(Op::Add, d, {acc, intConst(d, form.constant)});
}

bool isCanonical(const UOp& e, const LinearForm& form) {
  const DType d = form.dtype;
  const UOp* n = &e;
  if (form.terms.empty()) return isIntConst(e, d, form.constant);
  if (form.constant != 0) {
    if (n->op() != Op::Add || n->dtype() != d || !isIntConst(*n->src(1), d, form.constant))
      return false;
    n = n->src(0).get();
  }
  for (size_t i = form.terms.size(); i-- > 1;) {
    if (n->op() != Op::Add || n->dtype() != d || !isTermNode(*n->src(1), d, form.terms[i]))
      return false;
    n = n->src(0).get();
  }
  return isTermNode(*n, d, form.terms[0]);
}

namespace {

// A node the linear form keeps whole: not a constant, a sum or a multiple by a
// constant of the form's dtype.
bool isAtom(const UOp& t, const DType& d) {
  if (t.dtype() != d) return true;
  if (intValue(t) || t.op() == Op::Add) return false;
  return t.op() != Op::Mul || (!intValue(*t.src(0)) && !intValue(*t.src(1)));
}

// The atom of a canonical term node (t, or t*c with c not 0 or 1), or null.
const UOp* atomOf(const UOp& n, const DType& d) {
  if (n.op() == Op::Mul && n.dtype() == d) {
    auto c = intValue(*n.src(1));
    if (!c) return isAtom(n, d) ? &n : nullptr;
    Int128 coef = wrapInt(d, *c);
    if (coef == 0 || coef == 1 || !isIntConst(*n.src(1), d, coef)) return nullptr;
    return isAtom(*n.src(0), d) ? n.src(0).get() : nullptr;
  }
  return isAtom(n, d) ? &n : nullptr;
}

// Sums found canonical lately, per thread: a rewrite meets a sum just after the
// sum that is its left source, so only the new last term needs a comparison.
// Direct-mapped by address; the weak reference tells a live node from a dead
// one whose address a new node took, and keeps no node alive. A look-up reads
// the address and the reference's count, and changes no count.
class CanonicalMemo {
public:
  bool contains(const UOp& e) const {
    const Slot& s = slot(e);
    return s.node == &e && !s.ref.expired();
  }
  void add(const UOp& e) {
    Slot& s = slot(e);
    s.node = &e;
    s.ref = e.weak_from_this();
  }

private:
  struct Slot {
    const UOp* node = nullptr;
    std::weak_ptr<const UOp> ref;
  };
  Slot& slot(const UOp& e) const {
    uint64_t h = reinterpret_cast<uintptr_t>(&e) * 0x9E3779B97F4A7C15ull;
    return m_slots[h >> (64 - kBits)];
  }
  static constexpr int kBits = 12;
  mutable std::array<Slot, size_t{1} << kBits> m_slots;
};

thread_local CanonicalMemo tCanonical;

} // namespace

bool isCanonicalSum(const UOp& e) {
  const DType d = e.dtype();
  if (e.op() != Op::Add || !d.isInt() || d.count != 1 || d.isPtr) return false;
  if (tCanonical.contains(e)) return true;
  const UOp* n = &e;
  if (auto k = intValue(*n->src(1)); k && n->src(1)->dtype() == d) {
    Int128 wrapped = wrapInt(d, *k);
    if (wrapped == 0 || !isIntConst(*n->src(1), d, wrapped)) return false;
    n = n->src(0).get();
  }
  // terms strictly increasing from the left: each atom after the one before it
  const UOp* later = nullptr;
  for (;;) {
    bool more = n->op() == Op::Add && n->dtype() == d;
    const UOp* atom = atomOf(more ? *n->src(1) : *n, d);
    if (!atom || (later && compareStructure(*atom, *later) >= 0)) return false;
    // a canonical sum whose last term is an atom has no constant: the rest holds
    if (!more || (n != &e && tCanonical.contains(*n))) break;
    later = atom;
    n = n->src(0).get();
  }
  tCanonical.add(e);
  return true;
}

bool sameTerms(const LinearForm& a, const LinearForm& b) {
  if (a.terms.size() != b.terms.size()) return false;
  for (size_t i = 0; i < a.terms.size(); ++i)
    if (a.terms[i].node != b.terms[i].node || a.terms[i].coef != b.terms[i].coef) return false;
  return true;
}

int64_t coefficientOf(const LinearForm& form, const UOp& node) {
  for (const LinearTerm& t : form.terms)
    if (t.node.get() == &node) return static_cast<int64_t>(t.coef);
  return 0;
}

Interval exactRange(const LinearForm& form) {
  Interval r{form.constant, form.constant};
  for (const LinearTerm& t : form.terms) {
    const MinMax& m = t.node->minMax();
    Int128 a = satMul(t.coef, m.lo), b = satMul(t.coef, m.hi);
    r.lo = satAdd(r.lo, std::min(a, b));
    r.hi = satAdd(r.hi, std::max(a, b));
  }
  return r;
}

bool fits(const DType& d, const Interval& i) {
  return fitsInt(d, i.lo) && fitsInt(d, i.hi);
}

} // namespace uops
