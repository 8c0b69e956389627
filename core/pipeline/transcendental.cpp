#include "core/pipeline/transcendental.h"

#include "core/ir/build.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <variant>
#include <vector>

namespace uops {
namespace {

// ---- Constants -----------------------------------------------------------------------------
// Polynomial coefficients come from a linear Remez exchange in 300-bit arithmetic,
// rounded to the format one coefficient at a time (lowest order first, refitting the
// rest after each rounding). The max error of the rounded fit is given per table.

// 2^s = 1 + s * P(s), |s| <= 0.5 + 2^-8; relative error 2^-27.5 (f32), 2^-57.5 (f64).
constexpr double kExp2F32[] = {0.6931472420692444,   0.24022655189037323,   0.05550278723239899,
                               0.009617120027542114, 0.0013414033455774188, 0.0001577049697516486};
constexpr double kExp2F64[] = {
    0.6931471805599453,     0.2402265069591007,     0.05550410866482336,    0.00961812910763021,
    0.0013333558146041361,  0.00015403530389015228, 1.5252734157802865e-05, 1.321549110259852e-06,
    1.0177936222677092e-07, 7.053096991357477e-09,  4.4728229676754266e-10, 2.8427709700366714e-11};

// ln(1+f) = 2 atanh(s) = 2s + s * R(z), s = f/(2+f), z = s^2 <= 0.0295, R(z) = z * P(z);
// absolute error of R: 2^-34.2 (f32), 2^-58.5 (f64).
constexpr double kLogF32[] = {0.6666666269302368, 0.40000972151756287, 0.2849879264831543,
                              0.24278856813907623};
constexpr double kLogF64[] = {0.6666666666666735,  0.3999999999940935, 0.2857142874368654,
                              0.22222198428985687, 0.1818357235297639, 0.15313832274456157,
                              0.1479825691224977};

// sin(r) = r + r * z * P(z), z = r^2, |r| <= pi/4 (1 + 2^-8); relative error 2^-32.5 (f32),
// 2^-63.2 (f64).
constexpr double kSinF32[] = {-0.1666666716337204, 0.008333379402756691, -0.00019853039702866226,
                              2.83201075035322e-06};
constexpr double kSinF64[] = {
    -0.16666666666666666,    0.008333333333333044,  -0.00019841269840966083, 2.755731907657711e-06,
    -2.5052071760068486e-08, 1.605443619483346e-10, -7.396428507716448e-13};

// cos(r) = 1 - z/2 + z^2 * P(z), same range; relative error 2^-32.9 (f32), 2^-63.8 (f64).
constexpr double kCosF32[] = {0.04166664555668831, -0.0013887305976822972, 2.4431650672340766e-05};
constexpr double kCosF64[] = {0.04166666666666659,   -0.0013888888888872186,
                              2.480158728829539e-05, -2.7557314015122405e-07,
                              2.087567808476756e-09, -1.135733671554274e-11};

// The binary digits of 2/pi after the point, 32 per word, most significant first
// (computed from Machin's formula for pi in integer arithmetic). Payne-Hanek needs
// the bits from just above the point of x * 2/pi: up to bit 971 + 6*32 for float64.
constexpr std::array<uint32_t, 40> kTwoOverPi = {
    0xA2F9836E, 0x4E441529, 0xFC2757D1, 0xF534DDC0, 0xDB629599, 0x3C439041, 0xFE5163AB, 0xDEBBC561,
    0xB7246E3A, 0x424DD2E0, 0x06492EEA, 0x09D1921C, 0xFE1DEB1C, 0xB129A73E, 0xE88235F5, 0x2EBB4484,
    0xE99C7026, 0xB45F7E41, 0x3991D639, 0x835339F4, 0x9C845F8B, 0xBDF9283B, 0x1FF897FF, 0xDE05980F,
    0xEF2F118B, 0x5A0A6D1F, 0x6D367ECF, 0x27CB09B7, 0x4F463F66, 0x9E5FEA2D, 0x7527BAC7, 0xEBE5F17B,
    0x3D0739F7, 0x8A5292EA, 0x6BFB5FB1, 0x1F8D5D08, 0x56033046, 0xFC7B6BAB, 0xF0CFBC20, 0x9AF4361D};

// One IEEE binary format and what its decompositions need.
struct Format {
  DType fp, bits; // the float and the unsigned integer of its width
  int mantBits, bias;
  double splitter; // Veltkamp: 2^ceil(p/2) + 1 splits a float into two exact halves
  // exp2 clamps x to [lo, hi]: beyond them the result is 0 or +inf already.
  double exp2Lo, exp2Hi;
  // log2: stored mantissa of sqrt(2); 1/ln2 = hi + lo with hi short enough that
  // hi * (log's hi part with `logHiMask` applied) is exact.
  uint64_t sqrt2Mant, logHiMask;
  double invLn2Hi, invLn2Lo;
  // Cody-Waite: pi/2 = cw1 + cw2 + cw3 (+ 2^-69 / 2^-142); cw1 is short so k * cw1 is
  // exact for every k the reduction sees below cwLimit.
  double cw1, cw2, cw3, cwLimit, twoOverPi;
  // Payne-Hanek: a window of phLimbs 32-bit words of 2/pi, phPad zero words before
  // bit 1 so the window may start above the point; pi/2 = pio2Hi + pio2Lo.
  int phLimbs, phPad, chunkBits;
  double pio2Hi, pio2Lo;
  std::span<const double> exp2Poly, logPoly, sinPoly, cosPoly;
};

const Format kF32 = {.fp = dtypes::float32,
                     .bits = dtypes::uint32,
                     .mantBits = 23,
                     .bias = 127,
                     .splitter = 4097.0,
                     .exp2Lo = -160.0,
                     .exp2Hi = 130.0,
                     .sqrt2Mant = 0x3504F3,
                     .logHiMask = 0xFFFFF000,
                     .invLn2Hi = 0x1.716p+0,
                     .invLn2Lo = -0x1.7135a8p-13,
                     .cw1 = 0x1.922p+0,
                     .cw2 = -0x1.2aeef4p-18,
                     .cw3 = -0x1.73dcb4p-43,
                     .cwLimit = 4096.0,
                     .twoOverPi = 0x1.45f306p-1,
                     .phLimbs = 3,
                     .phPad = 1,
                     .chunkBits = 16,
                     .pio2Hi = 0x1.921fb6p+0,
                     .pio2Lo = -0x1.777a5cp-25,
                     .exp2Poly = kExp2F32,
                     .logPoly = kLogF32,
                     .sinPoly = kSinF32,
                     .cosPoly = kCosF32};

const Format kF64 = {.fp = dtypes::float64,
                     .bits = dtypes::uint64,
                     .mantBits = 52,
                     .bias = 1023,
                     .splitter = 134217729.0,
                     .exp2Lo = -1080.0,
                     .exp2Hi = 1030.0,
                     .sqrt2Mant = 0x6A09E667F3BCDull,
                     .logHiMask = 0xFFFFFFFF00000000ull,
                     .invLn2Hi = 0x1.71547652p+0,
                     .invLn2Lo = 0x1.705fc2eefa2p-33,
                     .cw1 = 0x1.921fb544p+0,
                     .cw2 = 0x1.0b4611a626331p-34,
                     .cw3 = 0x1.1701b839a252p-88,
                     .cwLimit = 1048576.0,
                     .twoOverPi = 0x1.45f306dc9c883p-1,
                     .phLimbs = 6,
                     .phPad = 2,
                     .chunkBits = 32,
                     .pio2Hi = 0x1.921fb54442d18p+0,
                     .pio2Lo = 0x1.1a62633145c07p-54,
                     .exp2Poly = kExp2F64,
                     .logPoly = kLogF64,
                     .sinPoly = kSinF64,
                     .cosPoly = kCosF64};

// ---- Building blocks ------------------------------------------------------------------------

// Makes the nodes of one decomposition: constants of a dtype shaped like x (the spec's
// elementwise ops take equal shapes), and float arithmetic beyond the operators of build.h.
class Emit {
public:
  Emit(const Format& fmt, Shape shape, DecomposeWith with)
      : fmt(fmt), with(with), m_shape(std::move(shape)) {}

  UOpPtr num(DType d, ConstValue v) const {
    UOpPtr c = constant(d, v);
    if (m_shape.empty()) return c;
    return expand(reshape(c, Shape(m_shape.size(), 1)), m_shape);
  }
  UOpPtr f(double v) const { return num(fmt.fp, v); }
  // Unsigned constants: values above INT64_MAX travel as their bit pattern (arg.h).
  UOpPtr u(uint64_t v) const { return num(fmt.bits, static_cast<int64_t>(v)); }
  UOpPtr u32(uint64_t v) const { return num(dtypes::uint32, static_cast<int64_t>(v)); }
  UOpPtr u64(uint64_t v) const { return num(dtypes::uint64, static_cast<int64_t>(v)); }

  // Float negation and subtraction: Mul by -1 is exact (the spec's Neg and Sub).
  UOpPtr neg(const UOpPtr& a) const { return a * f(-1.0); }
  UOpPtr sub(const UOpPtr& a, const UOpPtr& b) const { return a + neg(b); }
  // a * b + c: one Fma where `with.fma`, else a Mul and an Add.
  UOpPtr mulAdd(const UOpPtr& a, const UOpPtr& b, const UOpPtr& c) const {
    if (with.fma) return UOp::make(Op::Fma, a->dtype(), {a, b, c});
    return a * b + c;
  }
  // c0 + z * (c1 + z * (c2 + ...)).
  UOpPtr horner(const UOpPtr& z, std::span<const double> c) const {
    UOpPtr acc = f(c.back());
    for (size_t i = c.size() - 1; i-- > 0;)
      acc = mulAdd(acc, z, f(c[i]));
    return acc;
  }
  UOpPtr isNan(const UOpPtr& a) const { return ne(a, a); }
  UOpPtr inf() const { return f(std::numeric_limits<double>::infinity()); }
  UOpPtr nan() const { return f(std::numeric_limits<double>::quiet_NaN()); }
  // |a| by clearing the sign bit: exact for every input, NaN included.
  UOpPtr abs(const UOpPtr& a) const {
    return bitcast(bitcast(a, fmt.bits) & u(signBit() - 1), fmt.fp);
  }
  uint64_t signBit() const { return uint64_t{1} << (fmt.bits.bits() - 1); }
  // v modulo 2^width of the format's unsigned integer.
  uint64_t wrap(uint64_t v) const { return v & (signBit() | (signBit() - 1)); }

  const Format& fmt;
  const DecomposeWith with;

private:
  Shape m_shape;
};

// An unevaluated sum hi + lo with |lo| <= ulp(hi) / 2: twice the format's precision,
// which the argument reductions need because there is no fused multiply-add.
struct Pair {
  UOpPtr hi, lo;
};

// Knuth's TwoSum: a + b = s + err exactly, any magnitudes.
Pair twoSum(const Emit& e, const UOpPtr& a, const UOpPtr& b) {
  UOpPtr s = a + b;
  UOpPtr bb = e.sub(s, a);
  return {s, e.sub(a, e.sub(s, bb)) + e.sub(b, bb)};
}
// Dekker's FastTwoSum: exact when |a| >= |b| (or a == 0).
Pair fastTwoSum(const Emit& e, const UOpPtr& a, const UOpPtr& b) {
  UOpPtr s = a + b;
  return {s, e.sub(b, e.sub(s, a))};
}
// Veltkamp's split: a = hi + lo, each half-width, so their products are exact.
Pair split(const Emit& e, const UOpPtr& a) {
  UOpPtr t = a * e.f(e.fmt.splitter);
  UOpPtr hi = e.sub(t, e.sub(t, a));
  return {hi, e.sub(a, hi)};
}
// Dekker's TwoProduct: a * b = p + err exactly (no overflow in the split).
Pair twoProd(const Emit& e, const UOpPtr& a, const UOpPtr& b) {
  UOpPtr p = a * b;
  Pair x = split(e, a), y = split(e, b);
  UOpPtr err = e.sub(x.hi * y.hi, p) + x.hi * y.lo + x.lo * y.hi;
  return {p, err + x.lo * y.lo};
}

// ---- exp2 -------------------------------------------------------------------------------------

// The range a float value lies in where it is not NaN, as far as the clamps that made it
// show: where(v < c, c, v) is at least c, where(c < v, c, v) at most c (NaN passes both).
struct ClampBounds {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
};
ClampBounds clampBounds(const UOpPtr& x, int depth = 0) {
  auto constant = [](const UOpPtr& c) -> std::optional<double> {
    std::optional<ConstValue> v = c->op() == Op::Const ? c->constValue() : std::nullopt;
    if (!v || !std::holds_alternative<double>(*v)) return std::nullopt;
    return std::get<double>(*v);
  };
  if (depth > 4 || x->op() != Op::Where || x->src(0)->op() != Op::CmpLt) return {};
  const UOpPtr &cond = x->src(0), &chosen = x->src(1), &other = x->src(2);
  const std::optional<double> c = constant(chosen);
  if (!c) return {};
  if (cond->src(0) == other && cond->src(1) == chosen) {
    const ClampBounds in = clampBounds(other, depth + 1);
    return {std::max(*c, in.lo), std::max(*c, in.hi)};
  }
  if (cond->src(1) == other && cond->src(0) == chosen) {
    const ClampBounds in = clampBounds(other, depth + 1);
    return {std::min(*c, in.lo), std::min(*c, in.hi)};
  }
  return {};
}

// 2^x = 2^q * 2^s with q = round(x), |s| <= 1/2: a polynomial for 2^s, then 2^q through
// the exponent bits in two steps so that a subnormal result is rounded once.
//
// Rounding adds and subtracts the shifter 1.5 * 2^mantBits, which leaves q in the
// integer bits of the sum: the exponent fields come from those bits with integer Add,
// Shr and Shl, no float-to-int Cast (whose range guards cost more than the rest). NaN
// needs no guard: it stays NaN through the clamps and the polynomial, and a NaN times
// any scale is NaN.
//
// The polynomial is plain Horner, 1 + s P(s): the product s P(s) and the last Add
// round once each (once together with Fma), so the result is within 1.1 ulp
// of 2^x, not always faithful.
// Carrying 1 + c1 s exactly (a split of s and c1, FastTwoSum) made it faithful for
// eleven more operations, a third of the whole; softmax and gelu spend most of their
// time here.
UOpPtr exp2Native(const Emit& e, const UOpPtr& x) {
  const Format& fm = e.fmt;
  if (e.with.ldexp && e.with.fraction) {
    // s exact, q = round(x) exactly (x's infinity where x is infinite, where s is 0); p of an
    // infinite or huge x is 1, scaled to +inf or rounded to 0, as the clamps' values
    UOpPtr s = UOp::make(Op::FracNearest, fm.fp, {x});
    UOpPtr p = e.mulAdd(s, e.horner(s, fm.exp2Poly), e.f(1.0));
    return UOp::make(Op::Ldexp, fm.fp, {p, e.sub(x, s)});
  }
  // Below exp2Lo the result rounds to 0, above exp2Hi it is +inf; clamping also keeps
  // the exponent arithmetic in range (and sends +-inf to +inf and 0). A clamp x already
  // passed (sigmoid's) makes one of these the identity: it is left out.
  const ClampBounds known = clampBounds(x);
  UOpPtr xs = known.lo >= fm.exp2Lo ? x : where(lt(x, e.f(fm.exp2Lo)), e.f(fm.exp2Lo), x);
  if (known.hi > fm.exp2Hi) xs = where(lt(e.f(fm.exp2Hi), xs), e.f(fm.exp2Hi), xs);
  // Round to nearest, ties to even: exact integers below 2^(mantBits - 1) in magnitude.
  const double shifter = std::ldexp(1.5, fm.mantBits);
  UOpPtr t = xs + e.f(shifter);
  UOpPtr q = e.sub(t, e.f(shifter));
  UOpPtr s = e.sub(xs, q); // exact: q is within 1/2 of xs
  // p is within [0.7, 1.5), so below q = -(bias + mantBits) p 2^q rounds to 0: p is 0 there
  // instead. The value is the same, but the scale no longer underflows: an x86 core takes a
  // microcode assist (about 20x the instruction's time) for each vector whose scaling
  // underflows, and softmax's masked -inf scores or sigmoid's large inputs all take this path.
  UOpPtr p = e.mulAdd(s, e.horner(s, fm.exp2Poly), e.f(1.0));
  p = where(lt(q, e.f(-(fm.bias + fm.mantBits))), e.f(0.0), p);
  // q within the clamps: p 2^q rounds once either way
  if (e.with.ldexp) return UOp::make(Op::Ldexp, fm.fp, {p, q});
  // The scale 2^q = 2^q1 2^q2 with q1 = floor(q / 2), q2 = q - q1: both normal for
  // every clamped q. The integer bits of t are bits(shifter) + q, so u = q + 2 bias
  // (positive: q >= exp2Lo > -2 bias) gives the biased exponents q1 + bias = u >> 1
  // and q2 + bias = u - (u >> 1), each shifted into its field. The second field is
  // (u << m) - (first field), the same bits modulo the width: Symbolic moves u's
  // constant past a subtraction from u, which cost one more integer op a vector.
  const uint64_t shifterBits = fm.fp == dtypes::float64
                                   ? std::bit_cast<uint64_t>(shifter)
                                   : std::bit_cast<uint32_t>(static_cast<float>(shifter));
  UOpPtr u = bitcast(t, fm.bits) + e.u(e.wrap(2 * uint64_t(fm.bias) - shifterBits));
  UOpPtr f1 = (u >> e.u(1)) << e.u(fm.mantBits);
  UOpPtr f2 = (u << e.u(fm.mantBits)) + f1 * e.u(e.wrap(~uint64_t{0}));
  return p * bitcast(f1, fm.fp) * bitcast(f2, fm.fp);
}

// ---- log2 -------------------------------------------------------------------------------------

// log2(x) = k + log2(m), m in [sqrt(1/2), sqrt(2)); with f = m - 1 (exact) and
// s = f / (2 + f): ln(m) = 2 atanh(s) = f - f^2/2 + s (f^2/2 + R(s^2)). The leading
// f - f^2/2 is cut to a short `hi` so hi / ln2 is exact in two pieces; the rest and
// the small terms carry the low part.
UOpPtr log2Core(const Emit& e, const UOpPtr& x) {
  const Format& fm = e.fmt;
  // Subnormals: scale into the normals, exactly, and take the scale out of k.
  UOpPtr sub = lt(x, e.f(std::ldexp(1.0, 1 - fm.bias)));
  UOpPtr xs = where(sub, x * e.f(std::ldexp(1.0, fm.mantBits + 1)), x);
  UOpPtr bits = bitcast(xs, fm.bits);
  UOpPtr mant = bits & e.u((uint64_t{1} << fm.mantBits) - 1);
  // Mantissas above sqrt(2) take the exponent of [1/2, 1) and one more in k.
  UOpPtr big = lt(e.u(fm.sqrt2Mant), mant);
  UOpPtr one = e.u(uint64_t(fm.bias) << fm.mantBits),
         half = e.u(uint64_t(fm.bias - 1) << fm.mantBits);
  UOpPtr m = bitcast(mant | where(big, half, one), fm.fp);
  UOpPtr k = cast(bits >> e.u(fm.mantBits), fm.fp) + where(big, e.f(1 - fm.bias), e.f(-fm.bias)) +
             where(sub, e.f(-(fm.mantBits + 1)), e.f(0));

  UOpPtr f = e.sub(m, e.f(1.0)); // exact (Sterbenz)
  UOpPtr s = f * alu(Op::Recip, {f + e.f(2.0)});
  UOpPtr z = s * s;
  UOpPtr hfsq = e.f(0.5) * f * f;
  UOpPtr hi = e.sub(f, hfsq);
  hi = bitcast(bitcast(hi, fm.bits) & e.u(fm.logHiMask), fm.fp);
  UOpPtr r = z * e.horner(z, fm.logPoly);
  // f - hi is exact: hi is within a factor 2 of f.
  UOpPtr lo = e.sub(e.sub(f, hi), hfsq) + s * (hfsq + r);

  UOpPtr yHi = hi * e.f(fm.invLn2Hi); // exact: short times short
  UOpPtr yLo = (lo + hi) * e.f(fm.invLn2Lo) + lo * e.f(fm.invLn2Hi);
  // k + yHi with its rounding error (FastTwoSum: |k| >= 1 > |yHi| or k == 0).
  Pair sum = fastTwoSum(e, k, yHi);
  return sum.hi + (sum.lo + yLo);
}

UOpPtr log2Native(const Emit& e, const UOpPtr& x) {
  // The core sees only positive finite inputs; the rest is decided below.
  UOpPtr xs = where(lt(e.f(0), x), where(lt(x, e.inf()), x, e.f(1.0)), e.f(1.0));
  UOpPtr r = log2Core(e, xs);
  r = where(ne(x, e.inf()), r, e.inf());
  r = where(ne(x, e.f(0)), r, e.neg(e.inf())); // +0 and -0
  r = where(lt(x, e.f(0)), e.nan(), r);
  return where(e.isNan(x), x, r);
}

// ---- sin: argument reduction --------------------------------------------------------------------

// a = k pi/2 + r, |r| <= pi/4 (1 + 2^-8): r as a Pair and the quadrant k mod 4 (uint32).
struct Reduced {
  Pair r;
  UOpPtr quadrant;
};

// Cody-Waite for a < cwLimit: k * cw1 is exact and a - k * cw1 is exact (both are
// multiples of ulp(a) or of cw1's last bit, below 2 in magnitude), k * cw2 and
// k * cw3 are exact as Pairs, so r is a - k pi/2 up to pi/2's tail beyond cw3.
Reduced codyWaite(const Emit& e, const UOpPtr& a) {
  UOpPtr k = alu(Op::Trunc, {a * e.f(e.fmt.twoOverPi) + e.f(0.5)});
  UOpPtr t = e.sub(a, k * e.f(e.fmt.cw1));
  Pair p2 = twoProd(e, k, e.f(e.fmt.cw2)), p3 = twoProd(e, k, e.f(e.fmt.cw3));
  Pair s1 = twoSum(e, t, e.neg(p2.hi));
  Pair s2 = twoSum(e, s1.hi, e.neg(p3.hi));
  UOpPtr lo = e.sub(e.sub(s1.lo + s2.lo, p2.lo), p3.lo);
  UOpPtr quadrant = cast(k, dtypes::uint32) & e.u32(3);
  return {twoSum(e, s2.hi, lo), quadrant};
}

// Word `idx` of 2/pi's digits after phPad zero words: a Where chain over the table.
UOpPtr twoOverPiWord(const Emit& e, const UOpPtr& idx, int count) {
  auto word = [&](int i) -> uint64_t {
    return i < e.fmt.phPad ? 0 : kTwoOverPi.at(i - e.fmt.phPad);
  };
  UOpPtr acc = e.u64(word(count - 1));
  for (int i = count - 1; i-- > 0;)
    acc = where(ne(idx, e.u64(i)), acc, e.u64(word(i)));
  return acc;
}

// x = mant * 2^E with an integer mant. Digits of 2/pi that put 2^2 or more into
// x * 2/pi only add multiples of 4 quadrants, so the product needs the phLimbs words
// starting at bit E - 1 of 2/pi; it is taken modulo 2^(32 phLimbs) in uint64 limbs.
// Returns the product's limbs, least significant first: the top 2 bits are the
// quadrant, the rest the fraction of a quadrant.
std::vector<UOpPtr> phProduct(const Emit& e, const UOpPtr& a) {
  const Format& fm = e.fmt;
  const int n = fm.phLimbs;
  UOpPtr bits = bitcast(a, fm.bits);
  if (fm.bits != dtypes::uint64) bits = cast(bits, dtypes::uint64);
  UOpPtr ef = bits >> e.u64(fm.mantBits);
  UOpPtr mant =
      (bits & e.u64((uint64_t{1} << fm.mantBits) - 1)) | e.u64(uint64_t{1} << fm.mantBits);
  // Bit offset of bit E - 1 in the padded table; exponents too small for this path
  // (a < cwLimit, taken by Cody-Waite) are clamped so the offset stays >= 0.
  const int64_t off = fm.bias + fm.mantBits + 2 - 32 * fm.phPad;
  UOpPtr efc = where(lt(ef, e.u64(off)), e.u64(off), ef);
  UOpPtr bit = efc + e.u64(static_cast<uint64_t>(-off)); // wraps to efc - off
  UOpPtr w0 = bit >> e.u64(5), shift = bit & e.u64(31);
  const int maxField = (1 << (fm.bits.bits() - fm.mantBits - 1)) - 1;
  const int count = static_cast<int>((maxField - off) / 32) + n + 1;
  std::vector<UOpPtr> words;
  for (int j = 0; j <= n; ++j)
    words.push_back(twoOverPiWord(e, j ? w0 + e.u64(j) : w0, count));
  // Window words, least significant first: 64 bits of the table shifted by < 32.
  std::vector<UOpPtr> g(n);
  for (int j = 0; j < n; ++j)
    g[n - 1 - j] = (((words[j] << e.u64(32)) | words[j + 1]) << shift) >> e.u64(32);
  std::vector<UOpPtr> m = {mant};
  if (fm.mantBits >= 32) m = {mant & e.u64(0xFFFFFFFF), mant >> e.u64(32)};
  // Schoolbook product by columns of 32 bits; every partial product is < 2^64.
  std::vector<UOpList> col(n);
  for (size_t i = 0; i < m.size(); ++i)
    for (int j = 0; j + static_cast<int>(i) < n; ++j) {
      UOpPtr p = m[i] * g[j];
      col[i + j].push_back(p & e.u64(0xFFFFFFFF));
      if (i + j + 1 < static_cast<size_t>(n)) col[i + j + 1].push_back(p >> e.u64(32));
    }
  std::vector<UOpPtr> limbs;
  UOpPtr carry;
  for (int c = 0; c < n; ++c) {
    UOpPtr sum = carry;
    for (const UOpPtr& t : col[c])
      sum = sum ? sum + t : t;
    limbs.push_back(sum & e.u64(0xFFFFFFFF));
    carry = sum >> e.u64(32);
  }
  return limbs;
}

// The fraction below the quadrant bits as a Pair in [-1/2, 1/2] quadrants (round to
// nearest quadrant), and the quadrant.
Reduced payneHanek(const Emit& e, const UOpPtr& a) {
  const Format& fm = e.fmt;
  std::vector<UOpPtr> l = phProduct(e, a);
  const int n = fm.phLimbs;
  // 64-bit fraction words, most significant first: limb n-1 minus its 2 quadrant
  // bits, then the limbs below.
  std::vector<UOpPtr> frac;
  for (int w = 0; w < (n == 3 ? 1 : 2); ++w) {
    int top = n - 1 - 2 * w; // limbs top, top-1, top-2 hold this word's bits
    frac.push_back((l[top] << e.u64(34)) | (l[top - 1] << e.u64(2)) | (l[top - 2] >> e.u64(30)));
  }
  // A fraction of 1/2 or more belongs to the next quadrant: negate it (two's complement).
  UOpPtr negative = ne(frac[0] >> e.u64(63), e.u64(0));
  UOpPtr carry = e.u64(1);
  for (size_t w = frac.size(); w-- > 0;) {
    UOpPtr flipped = (frac[w] ^ e.u64(~uint64_t{0})) + carry;
    carry = where(ne(frac[w], e.u64(0)), e.u64(0), carry);
    frac[w] = where(negative, flipped, frac[w]);
  }
  UOpPtr quadrant = ((l[n - 1] >> e.u64(30)) + where(negative, e.u64(1), e.u64(0))) & e.u64(3);
  // Four chunks of at most chunkBits bits, each exact in the float format.
  std::vector<UOpPtr> c;
  const int perWord = 64 / fm.chunkBits;
  const uint64_t mask = (uint64_t{1} << fm.chunkBits) - 1;
  for (size_t w = 0; w < frac.size(); ++w)
    for (int i = 0; i < perWord; ++i) {
      UOpPtr v = (frac[w] >> e.u64(64 - fm.chunkBits * (i + 1))) & e.u64(mask);
      int scale = -fm.chunkBits * static_cast<int>(w * perWord + i + 1);
      c.push_back(cast(v, fm.fp) * e.f(std::ldexp(1.0, scale)));
    }
  assert(c.size() == 4 && "the fraction converts in four chunks");
  Pair t = twoSum(e, c[2], c[3]);
  Pair u = twoSum(e, c[1], t.hi);
  Pair v = twoSum(e, c[0], u.hi);
  Pair fr = fastTwoSum(e, v.hi, (v.lo + u.lo) + t.lo);
  // r = fraction * pi/2 in double precision of the format.
  Pair p = twoProd(e, fr.hi, e.f(fm.pio2Hi));
  UOpPtr lo = p.lo + (fr.hi * e.f(fm.pio2Lo) + fr.lo * e.f(fm.pio2Hi));
  Pair r = fastTwoSum(e, p.hi, lo);
  r = {where(negative, e.neg(r.hi), r.hi), where(negative, e.neg(r.lo), r.lo)};
  return {r, cast(quadrant, dtypes::uint32)};
}

// ---- sin ----------------------------------------------------------------------------------------

// sin(hi + lo) = sin(hi) + lo cos(hi) to the precision needed.
UOpPtr sinKernel(const Emit& e, const Pair& r) {
  UOpPtr z = r.hi * r.hi;
  UOpPtr loTerm = e.sub(r.lo, r.lo * e.f(0.5) * z);
  return r.hi + (r.hi * z * e.horner(z, e.fmt.sinPoly) + loTerm);
}

// cos(hi + lo) = cos(hi) - lo sin(hi): 1 - z/2 carried exactly (z = hi^2 as a Pair,
// z/2 exact, 1 - z/2 with its rounding error), then the small terms.
UOpPtr cosKernel(const Emit& e, const Pair& r) {
  Pair z = twoProd(e, r.hi, r.hi);
  UOpPtr hz = z.hi * e.f(0.5);
  UOpPtr w = e.sub(e.f(1.0), hz);
  UOpPtr err = e.sub(e.sub(e.f(1.0), w), hz);
  UOpPtr tail = z.hi * z.hi * e.horner(z.hi, e.fmt.cosPoly);
  UOpPtr small = e.sub(tail, z.lo * e.f(0.5) + r.hi * r.lo);
  return w + (err + small);
}

// sin(x) = sign(x) * [sin r, cos r, -sin r, -cos r][quadrant] of |x| = k pi/2 + r.
UOpPtr sinNative(const Emit& e, const UOpPtr& x) {
  const Format& fm = e.fmt;
  UOpPtr ax = e.abs(x);
  UOpPtr finite = lt(ax, e.inf()); // false for +-inf and NaN
  UOpPtr a = where(finite, ax, e.f(0));
  UOpPtr useCw = lt(a, e.f(fm.cwLimit));
  // Both reductions run on every lane; each sees only inputs it is defined for.
  Reduced cw = codyWaite(e, where(useCw, a, e.f(0)));
  Reduced ph = payneHanek(e, a);
  Pair r = {where(useCw, cw.r.hi, ph.r.hi), where(useCw, cw.r.lo, ph.r.lo)};
  UOpPtr quadrant = where(useCw, cw.quadrant, ph.quadrant);
  UOpPtr v = where(ne(quadrant & e.u32(1), e.u32(0)), cosKernel(e, r), sinKernel(e, r));
  v = where(ne(quadrant & e.u32(2), e.u32(0)), e.neg(v), v);
  // sin is odd: give the result x's sign bit (so sin(-0) = -0).
  UOpPtr sign = bitcast(x, fm.bits) & e.u(e.signBit());
  v = bitcast(bitcast(v, fm.bits) ^ sign, fm.fp);
  return where(finite, v, e.nan());
}

// Runs `native` in float32 or float64; half-precision inputs go through float32.
template <class Fn> UOpPtr dispatch(const UOpPtr& x, DecomposeWith with, Fn native) {
  const DType d = x->dtype();
  assert(d.count == 1 && !d.isPtr && "transcendental decompositions take scalar dtypes");
  assert(d.isFloat() && "Exp2, Log2 and Sin take float operands");
  if (d == dtypes::float64) return native(Emit(kF64, x->shape(), with), x);
  if (d == dtypes::float32) return native(Emit(kF32, x->shape(), with), x);
  return cast(native(Emit(kF32, x->shape(), with), cast(x, dtypes::float32)), d);
}

} // namespace

UOpPtr decomposeExp2(const UOpPtr& x, DecomposeWith with) {
  return dispatch(x, with, exp2Native);
}
UOpPtr decomposeLog2(const UOpPtr& x, DecomposeWith with) {
  return dispatch(x, with, log2Native);
}
UOpPtr decomposeSin(const UOpPtr& x, DecomposeWith with) {
  return dispatch(x, with, sinNative);
}

} // namespace uops
