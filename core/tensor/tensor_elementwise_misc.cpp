// Rounding, sign, classification, clamping and the small composite elementwise ops.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <cmath>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::sign() const {
  return ne(0).where(lt(0).where(constLike(-1), constLike(1)), constLike(0));
}
Tensor Tensor::abs() const {
  return mul(sign());
}

// Integers are already whole: only floats get a Trunc node.
Tensor Tensor::trunc() const {
  return dtype().isFloat() ? alu(Op::Trunc, {*this}) : *this;
}
Tensor Tensor::ceil() const {
  Tensor b = trunc();
  return gt(b).where(b.add(1), b);
}
Tensor Tensor::floor() const {
  Tensor b = trunc();
  return lt(b).where(b.sub(1), b);
}
// Half to even: at .5 go up exactly when trunc(x) is odd, i.e. toward the even neighbour.
Tensor Tensor::round() const {
  Tensor b = trunc().div(2.0);
  return gt(0).eq(b.trunc().eq(b)).where(sub(0.5).ceil(), add(0.5).floor());
}

Tensor Tensor::isnan() const {
  return ne(*this);
}
Tensor Tensor::isinf(bool detectPositive, bool detectNegative) const {
  if (detectPositive && detectNegative) return eq(INFINITY).bitwiseOr(eq(-INFINITY));
  if (detectPositive) return eq(INFINITY);
  if (detectNegative) return eq(-INFINITY);
  return constFill(false, dtypes::bool_, shape(), *this);
}
Tensor Tensor::isfinite() const {
  return isinf().bitwiseOr(isnan()).logicalNot();
}

Tensor Tensor::isclose(const TensorOrScalar& other, double rtol, double atol, bool equalNan) const {
  Tensor o = toTensor(other, *this);
  Tensor finiteClose =
      isfinite().bitwiseAnd(o.isfinite()).bitwiseAnd(sub(o).abs().le(atol + rtol * o.abs()));
  Tensor infiniteClose = isinf().bitwiseOr(o.isinf()).bitwiseAnd(eq(o));
  Tensor r = finiteClose.bitwiseOr(infiniteClose);
  return equalNan ? r.bitwiseOr(isnan().bitwiseAnd(o.isnan())) : r;
}

Tensor Tensor::clamp(const std::optional<TensorOrScalar>& min,
                     const std::optional<TensorOrScalar>& max) const {
  if (!min && !max) fail("at least one of 'min_' or 'max_' must not be None");
  Tensor r = min ? lt(*min).where(*min, *this) : *this;
  return max ? r.gt(*max).where(*max, r) : r;
}
Tensor Tensor::clip(const std::optional<TensorOrScalar>& min,
                    const std::optional<TensorOrScalar>& max) const {
  return clamp(min, max);
}

Tensor Tensor::lerp(const Tensor& end, const TensorOrScalar& weight) const {
  if (dtype() == dtypes::uint8 && weight.isTensor()) {
    // Fixed point with 7 fractional bits, like tinygrad, so uint8 images stay exact.
    constexpr int64_t prec = 7;
    Tensor w = weight.tensor().mul(int64_t{1} << prec).add(0.5).cast(dtypes::int16);
    Tensor delta = end.sub(*this).cast(dtypes::int8).mul(w).add(int64_t{1} << (prec - 1));
    return add(delta.cast(dtypes::uint16).rshift(prec)).cast(dtypes::uint8);
  }
  return add(end.sub(*this).mul(weight));
}

Tensor Tensor::copysign(const TensorOrScalar& other) const {
  auto [a, b] = promoted(*this, other);
  Tensor mag = a.abs();
  return b.lt(0).bitwiseOr(b.reciprocal().lt(0)).where(mag.neg(), mag);
}

Tensor Tensor::logaddexp(const TensorOrScalar& other) const {
  auto [a, b] = promoted(*this, other);
  Tensor m = a.maximum(b);
  return a.sub(m).exp().add(b.sub(m).exp()).log().add(m);
}

} // namespace uops
