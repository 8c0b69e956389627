// Transcendental ops from Exp2, Log2, Sin and Recip, with tinygrad's formulas.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <cmath>
#include <numbers>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

// In float: ints and bools become float32 (weakint weakfloat), as tinygrad's
// Sin / Log2 / Exp2 / Recip derive their dtype.
Tensor unaryFloat(Op op, const Tensor& t) {
  return alu(op, {toFloatType(t)});
}

// Runs f at float32 precision or better and casts back: float16 exp/cos are
// computed in float32 like tinygrad does.
template <class F> Tensor atLeastFloat32(const Tensor& t, F f) {
  Tensor x = toFloatType(t);
  PromoType back = promoType(x);
  return castTo(f(castTo(x, leastUpperType(back, PromoType::Float32))), back);
}

// Horner's rule: coefficients from the highest power down.
Tensor polyN(const Tensor& x, std::initializer_list<double> coefficients) {
  auto it = coefficients.begin();
  Tensor acc = x.constLike(*it);
  for (++it; it != coefficients.end(); ++it)
    acc = acc.mul(x).add(*it);
  return acc;
}

// base ** n for an integer n >= 0 by squaring; nullopt is the empty product.
std::optional<Tensor> powInt(const Tensor& base, int64_t n) {
  if (n == 0) return std::nullopt;
  if (n == 1) return base;
  std::optional<Tensor> half = powInt(base, n / 2);
  std::optional<Tensor> r = alu(Op::Mul, {*half, *half});
  return n % 2 ? alu(Op::Mul, {*r, base}) : *r;
}

// An integer base to a constant exponent n >= 0 (tinygrad refuses others):
// repeated multiplication, 1 for n = 0.
Tensor powConstInt(const Tensor& base, double c) {
  std::optional<Tensor> p = powInt(base, static_cast<int64_t>(c));
  return p ? *p : base.constLike(1);
}

double constAsDouble(const ConstValue& v) {
  return std::visit([](auto x) { return static_cast<double>(x); }, v);
}

} // namespace

Tensor Tensor::reciprocal() const {
  return unaryFloat(Op::Recip, *this);
}
Tensor Tensor::exp2() const {
  return unaryFloat(Op::Exp2, *this);
}
Tensor Tensor::log2() const {
  return unaryFloat(Op::Log2, *this);
}
Tensor Tensor::sin() const {
  return unaryFloat(Op::Sin, *this);
}
Tensor Tensor::square() const {
  return mul(*this);
}

// Sqrt stays one op (its gradient is ctx / (2 sqrt x), +inf at 0 as in
// tinygrad); Instruction Selection decomposes it where the target lacks it.
Tensor Tensor::sqrt() const {
  return unaryFloat(Op::Sqrt, *this);
}
Tensor Tensor::rsqrt() const {
  return sqrt().reciprocal();
}

Tensor Tensor::exp() const {
  return atLeastFloat32(*this,
                        [](const Tensor& x) { return x.mul(1.0 / std::numbers::ln2).exp2(); });
}
Tensor Tensor::cos() const {
  return atLeastFloat32(*this, [](const Tensor& x) { return (std::numbers::pi / 2 - x).sin(); });
}
Tensor Tensor::log() const {
  return log2().mul(std::numbers::ln2);
}
Tensor Tensor::log10() const {
  return log2().mul(std::log10(2.0));
}
Tensor Tensor::tan() const {
  return sin().div(cos());
}

Tensor Tensor::asin() const {
  Tensor a = abs();
  Tensor poly = polyN(a, {-0.0012624911, 0.0066700901, -0.0170881256, 0.0308918810, -0.0501743046,
                          0.0889789874, -0.2145988016, 1.5707963050});
  Tensor x = std::numbers::pi / 2 - (1.0 - a).sqrt().mul(poly);
  return sign().mul(x);
}
Tensor Tensor::acos() const {
  return std::numbers::pi / 2 - asin();
}
Tensor Tensor::atan() const {
  return div((1 + mul(*this)).sqrt()).asin();
}
Tensor Tensor::sinh() const {
  return exp().sub(neg().exp()).div(2);
}
Tensor Tensor::cosh() const {
  return exp().add(neg().exp()).div(2);
}
Tensor Tensor::tanh() const {
  return 2.0 * (2.0 * *this).sigmoid() - 1.0;
}
// tinygrad's log(x + sqrt(x*x + 1)) cancels for negative x (asinh(-298) came out as
// -6.427, not -6.390): the odd symmetry keeps the sum away from cancellation.
Tensor Tensor::asinh() const {
  auto positive = [](const Tensor& y) { return y.add(y.square().add(1).sqrt()).log(); };
  return lt(0).where(positive(neg()).neg(), positive(*this));
}
// sqrt((x - 1) * (x + 1)) in place of sqrt(x*x - 1): x - 1 is exact, so no
// cancellation near 1; below -1 the value is NaN (log of a negative) and the
// gradient tinygrad's formula gives.
Tensor Tensor::acosh() const {
  return add(sub(1).mul(add(1)).sqrt()).log();
}
Tensor Tensor::atanh() const {
  return (1 + *this).div(1 - *this).log().div(2);
}

// Abramowitz and Stegun 7.1.26.
Tensor Tensor::erf() const {
  Tensor t = 1.0 / (1.0 + 0.3275911 * abs());
  Tensor poly = polyN(t, {1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592});
  return sign().mul(1.0 - t.mul(poly).mul(square().neg().exp()));
}

Tensor Tensor::pow(const TensorOrScalar& x) const {
  auto [base, ex] = promoted(*this, x);
  if (!isFloatType(promoType(base)) && !x.isTensor()) {
    const Scalar& s = x.scalar();
    bool nonNegativeInt = std::holds_alternative<bool>(s) ||
                          (std::holds_alternative<int64_t>(s) && std::get<int64_t>(s) >= 0);
    if (!nonNegativeInt) fail("base needs to be float");
  }
  // A float power stays one Pow, simplified after differentiation
  // (core/pipeline/decompose_pow.h), so its gradient is Pow's own at every edge.
  // A constant base c > 0 is tinygrad's exp2(e * log2 c) (the same gradient).
  const bool floating = isFloatType(promoType(base));
  if (auto c = constBase(base); c && constAsDouble(*c) > 0 && !(floating && constBase(ex))) {
    double v = constAsDouble(*c);
    if (v == 1) return floating ? alu(Op::Pow, {base, ex}) : base.constLike(1); // its gradient is 0, not None
    Tensor r = ex.mul(std::log2(v)).exp2();
    return base.dtype().isInt() ? r.round().cast(base.dtype()) : castTo(r, promoType(base));
  }
  if (floating) return alu(Op::Pow, {base, ex});
  if (auto c = constBase(ex)) return powConstInt(base, constAsDouble(*c));
  // tinygrad cannot raise an int tensor to a tensor power; we compute in float
  // (one Pow, decomposed like any other) and round back to the integer dtype.
  return alu(Op::Pow, {base.toFloat(), ex.toFloat()}).round().cast(base.dtype());
}

} // namespace uops
