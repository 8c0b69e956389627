#include "core/ir/minmax.h"

#include "core/ir/uop.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr __int128 kInt64Min = std::numeric_limits<int64_t>::min();
constexpr __int128 kInt64Max = std::numeric_limits<int64_t>::max();

__int128 clampTo(__int128 v, const MinMax& range) { return std::clamp(v, range.lo, range.hi); }

// x in float32 where d is float32 (the value a float32 Const holds); float16 and bfloat16 Consts
// hold values of their format already.
double storedValue(const DType& d, double x) {
  return d.scalar == ScalarType::Float32 ? static_cast<double>(static_cast<float>(x)) : x;
}

// The nearest value of d's format not below x (`up`) or not above it: where rounding x to
// nearest in d can land at worst. float16 and bfloat16 (no arithmetic of their own here): a step
// of one of their ulps outward, past their smallest subnormal.
double roundOutward(const DType& d, double x, bool up) {
  if (!std::isfinite(x) || d.scalar == ScalarType::Float64) return x;
  if (d.scalar == ScalarType::Float32) {
    float f = static_cast<float>(x);
    if (up && static_cast<double>(f) < x) f = std::nextafter(f, INFINITY);
    if (!up && static_cast<double>(f) > x) f = std::nextafter(f, -INFINITY);
    return f;
  }
  const bool half = d.scalar == ScalarType::Float16;
  const double step =
      std::ldexp(std::fabs(x), half ? -10 : -7) + std::ldexp(1.0, half ? -24 : -133);
  return up ? x + step : x - step;
}

// An op's result computed in double, with the sign of what double's rounding dropped.
struct Rounded {
  double value;
  double error;
};
Rounded sumOf(double a, double b) { // TwoSum
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
Rounded productOf(double a, double b) {
  return {a * b, std::fma(a, b, -(a * b))};
}

// A bound of the op's result in d: past what double dropped, then rounded outward into d. A
// float32 kernel's 0.3f * 3 + 0.1f is 1.0f where double's 0.3 * 3 + 0.1 is below 1.
double bound(const DType& d, const Rounded& r, bool up) {
  double x = r.value;
  if (std::isfinite(x) && r.error != 0 && (r.error > 0) == up)
    x = std::nextafter(x, up ? INFINITY : -INFINITY);
  return roundOutward(d, x, up);
}

MinMax constRange(const DType& d, const ConstValue& v) {
  if (d.isFloat()) {
    double x = storedValue(d, std::visit([](auto c) { return static_cast<double>(c); }, v));
    return MinMax::floats(x, x);
  }
  __int128 x = 0;
  if (auto* b = std::get_if<bool>(&v)) x = *b;
  if (auto* i = std::get_if<int64_t>(&v)) x = d.scalar == ScalarType::UInt64 ? __int128(uint64_t(*i)) : *i;
  if (auto* f = std::get_if<double>(&v)) {
    // A float value under an integer dtype breaks the spec (verify says so); one
    // that does not fit __int128 would be undefined to convert.
    if (!(std::fabs(*f) < 1e38)) return dtypeRange(d);
    x = static_cast<__int128>(*f);
  }
  return MinMax::ints(x, x);
}

// An integer interval that overflows its dtype wraps: then anything is possible.
MinMax fitOrFull(const DType& d, __int128 lo, __int128 hi) {
  MinMax full = dtypeRange(d);
  if (lo < full.lo || hi > full.hi) return full;
  return MinMax::ints(lo, hi);
}

MinMax addRange(const DType& d, const MinMax& a, const MinMax& b) {
  if (d.isFloat())
    return MinMax::floats(bound(d, sumOf(a.flo, b.flo), false),
                          bound(d, sumOf(a.fhi, b.fhi), true));
  return fitOrFull(d, a.lo + b.lo, a.hi + b.hi);
}

MinMax mulRange(const DType& d, const MinMax& a, const MinMax& b) {
  if (d.isFloat()) {
    const Rounded p[] = {productOf(a.flo, b.flo), productOf(a.flo, b.fhi), productOf(a.fhi, b.flo),
                         productOf(a.fhi, b.fhi)};
    if (std::any_of(std::begin(p), std::end(p),
                    [](const Rounded& x) { return std::isnan(x.value); }))
      return dtypeRange(d);
    double lo = INFINITY, hi = -INFINITY;
    for (const Rounded& x : p) {
      lo = std::min(lo, bound(d, x, false));
      hi = std::max(hi, bound(d, x, true));
    }
    return MinMax::floats(lo, hi);
  }
  // Operands within int64 keep products within 127 bits.
  if (a.lo < kInt64Min || a.hi > kInt64Max || b.lo < kInt64Min || b.hi > kInt64Max) return dtypeRange(d);
  __int128 p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return fitOrFull(d, *std::min_element(p, p + 4), *std::max_element(p, p + 4));
}

MinMax maxRange(const DType& d, const MinMax& a, const MinMax& b) {
  if (d.isFloat()) return MinMax::floats(std::max(a.flo, b.flo), std::max(a.fhi, b.fhi));
  return MinMax::ints(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
}

__int128 floorDiv(__int128 a, __int128 b) {
  __int128 q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Idiv truncates toward zero (C semantics). With a positive constant divisor the
// quotient is monotonic in the dividend.
MinMax idivRange(const DType& d, const MinMax& a, const MinMax& b) {
  if (d.isFloat() || !b.isConst() || b.lo <= 0) return dtypeRange(d);
  return MinMax::ints(a.lo / b.lo, a.hi / b.lo);
}

// Mod with a positive constant divisor: a non-negative dividend gives [0, b-1]
// (or the dividend itself when it is already smaller), a negative one (C
// semantics) gives (-b, 0].
MinMax modRange(const DType& d, const MinMax& a, const MinMax& b) {
  if (d.isFloat() || !b.isConst() || b.lo <= 0) return dtypeRange(d);
  __int128 m = b.lo;
  if (a.lo >= 0 && a.hi < m) return a;
  if (a.lo >= 0 && floorDiv(a.lo, m) == floorDiv(a.hi, m)) return MinMax::ints(a.lo % m, a.hi % m);
  __int128 lo = a.lo < 0 ? -(m - 1) : 0;
  __int128 hi = a.hi > 0 ? m - 1 : 0;
  return MinMax::ints(lo, hi);
}

MinMax cmpLtRange(const MinMax& a, const MinMax& b) {
  if (a.hiAsDouble() < b.loAsDouble() && (a.isFloat || a.hi < b.lo)) return MinMax::ints(1, 1);
  if (a.loAsDouble() >= b.hiAsDouble() && (a.isFloat || a.lo >= b.hi)) return MinMax::ints(0, 0);
  return MinMax::ints(0, 1);
}

MinMax cmpNeRange(const MinMax& a, const MinMax& b) {
  if (a.isFloat || b.isFloat) {
    if (a.fhi < b.flo || b.fhi < a.flo) return MinMax::ints(1, 1);
    return MinMax::ints(0, 1); // float equality of equal constants is not decided: NaN
  }
  if (a.hi < b.lo || b.hi < a.lo) return MinMax::ints(1, 1);
  if (a.isConst() && b.isConst() && a.lo == b.lo) return MinMax::ints(0, 0);
  return MinMax::ints(0, 1);
}

MinMax whereRange(const DType& d, const MinMax& c, const MinMax& b, const MinMax& e) {
  if (c.lo == 1 && c.hi == 1 && !c.isFloat) return b;
  if (c.lo == 0 && c.hi == 0 && !c.isFloat) return e;
  if (d.isFloat()) return MinMax::floats(std::min(b.flo, e.flo), std::max(b.fhi, e.fhi));
  return MinMax::ints(std::min(b.lo, e.lo), std::max(b.hi, e.hi));
}

// Cast: the source interval clamped to the target dtype. Casting to an integer
// dtype wraps values outside its range, so an interval that does not fit is
// the whole dtype range.
MinMax castRange(const DType& to, const DType& from, const MinMax& a) {
  if (to.isFloat()) { // rounded into `to` (a narrower float, an integer beyond its significand)
    if (a.isFloat)
      return MinMax::floats(roundOutward(to, a.flo, false), roundOutward(to, a.fhi, true));
    return MinMax::floats(roundOutward(to, static_cast<double>(a.lo), false),
                          roundOutward(to, static_cast<double>(a.hi), true));
  }
  MinMax full = dtypeRange(to);
  if (to.isBool()) {
    bool canBeZero = a.isFloat ? (a.flo <= 0 && a.fhi >= 0) : (a.lo <= 0 && a.hi >= 0);
    bool canBeNonZero = !(a.isConst() && (a.isFloat ? a.flo == 0 : a.lo == 0));
    return MinMax::ints(canBeZero ? 0 : 1, canBeNonZero ? 1 : 0);
  }
  if (a.isFloat) {
    if (std::isnan(a.flo) || std::isnan(a.fhi) || a.flo < -1e38 || a.fhi > 1e38) return full;
    return MinMax::ints(clampTo(static_cast<__int128>(std::trunc(a.flo)), full),
                        clampTo(static_cast<__int128>(std::trunc(a.fhi)), full));
  }
  (void)from;
  if (a.lo < full.lo || a.hi > full.hi) return full;
  return a;
}

MinMax rangeBound(const MinMax& bound) {
  if (bound.isFloat) return MinMax::ints(0, kInt64Max);
  return MinMax::ints(0, std::max<__int128>(bound.hi - 1, 0));
}

// min_max of `u`, its sources' min_max already known.
MinMax deriveMinMax(const UOp& u) {
  const DType d = u.dtype().scalarType();
  auto s = [&](size_t i) -> const MinMax& { return u.src(i)->minMax(); };
  // UOp::make accepts any number of sources (verify reports a wrong one); the
  // rules below read the sources their op has, so such a node gets the dtype range.
  const OpInfo& info = opInfo(u.op());
  if (u.src().size() < static_cast<size_t>(info.minSrc) ||
      (info.maxSrc >= 0 && u.src().size() > static_cast<size_t>(info.maxSrc)))
    return dtypeRange(d);
  switch (u.op()) {
  case Op::Const: {
    auto v = u.constValue();
    return v ? constRange(d, *v) : dtypeRange(d);
  }
  case Op::Range:
  case Op::Special: return rangeBound(s(0));
  case Op::Param: { // the spec's "from src or dtype range": a variable's is its range
    const auto* p = std::get_if<ParamArg>(&u.arg());
    if (p && p->variable) return MinMax::ints(p->variable->min, p->variable->max);
    return dtypeRange(d);
  }
  case Op::Permute:
  case Op::Flip:
  case Op::Reshape:
  case Op::Expand:
  case Op::Shrink:
  case Op::Index:
  case Op::Replicated:
  case Op::Slice:
  case Op::After:
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach: return s(0);
  case Op::Load: return u.dtype().isPtr ? dtypeRange(d) : s(0);
  case Op::Pad: {
    // Padding adds zeros.
    MinMax m = s(0);
    return m.isFloat ? MinMax::floats(std::min(m.flo, 0.0), std::max(m.fhi, 0.0))
                     : MinMax::ints(std::min<__int128>(m.lo, 0), std::max<__int128>(m.hi, 0));
  }
  case Op::Stack: {
    if (u.src().empty()) return dtypeRange(d);
    MinMax m = s(0);
    for (size_t i = 1; i < u.src().size(); ++i) m = whereRange(d, MinMax::ints(0, 1), m, s(i));
    return m;
  }
  case Op::Cast: return castRange(d, u.src(0)->dtype(), s(0));
  case Op::Add: return addRange(d, s(0), s(1));
  case Op::Mul: return mulRange(d, s(0), s(1));
  case Op::Max: return maxRange(d, s(0), s(1));
  case Op::Idiv: return idivRange(d, s(0), s(1));
  case Op::Mod: return modRange(d, s(0), s(1));
  case Op::CmpLt: return cmpLtRange(s(0), s(1));
  case Op::CmpNe: return cmpNeRange(s(0), s(1));
  case Op::Where: return whereRange(d, s(0), s(1), s(2));
  default: return dtypeRange(d);
  }
}

std::mutex& minMaxWriteMutex(const UOp* u) {
  static std::array<std::mutex, 64> mutexes;
  return mutexes[(reinterpret_cast<uintptr_t>(u) >> 6) % mutexes.size()];
}

} // namespace

MinMax dtypeRange(const DType& dt) {
  DType d = dt.scalarType();
  if (d.isFloat()) return MinMax::floats(-INFINITY, INFINITY);
  if (d.isBool()) return MinMax::ints(0, 1);
  if (d.scalar == ScalarType::Index || d.isVoid()) return MinMax::ints(kInt64Min, kInt64Max);
  int bits = d.bits();
  if (d.isUnsigned()) return MinMax::ints(0, (__int128(1) << bits) - 1);
  return MinMax::ints(-(__int128(1) << (bits - 1)), (__int128(1) << (bits - 1)) - 1);
}

std::string int128ToString(__int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  unsigned __int128 x = negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string digits;
  while (x) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  }
  if (negative) digits.push_back('-');
  return {digits.rbegin(), digits.rend()};
}

std::string toString(const MinMax& m) {
  if (m.isFloat) return fmt::format("[{}, {}]", m.flo, m.fhi);
  return fmt::format("[{}, {}]", int128ToString(m.lo), int128ToString(m.hi));
}

// Iterative post-order over the sources whose min_max is not known yet, so deep
// graphs do not overflow the stack. Two threads may compute the same node; the
// first to publish wins and both values are equal.
const MinMax& computeMinMax(const UOp& root) {
  std::vector<std::pair<const UOp*, size_t>> stack{{&root, 0}};
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next < node->src().size()) {
      const UOp* s = node->src(next++).get();
      if (!s->m_minMaxReady.load(std::memory_order_acquire)) stack.emplace_back(s, 0);
      continue;
    }
    if (!node->m_minMaxReady.load(std::memory_order_acquire)) {
      MinMax value = deriveMinMax(*node);
      std::lock_guard lock(minMaxWriteMutex(node));
      if (!node->m_minMaxReady.load(std::memory_order_relaxed)) {
        node->m_minMax = value;
        node->m_minMaxReady.store(true, std::memory_order_release);
      }
    }
    stack.pop_back();
  }
  return root.m_minMax;
}

const MinMax& UOp::minMax() const {
  if (m_minMaxReady.load(std::memory_order_acquire)) return m_minMax;
  return computeMinMax(*this);
}

} // namespace uops
