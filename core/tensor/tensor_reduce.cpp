// Reductions: Reduce nodes (Add, Max, Mul) and the statistics built on them.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <algorithm>
#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

Shape withoutAxes(const Shape& shape, const Ints& axes) {
  Shape out;
  for (size_t k = 0; k < shape.size(); ++k)
    if (std::find(axes.begin(), axes.end(), static_cast<int64_t>(k)) == axes.end())
      out.push_back(shape[k]);
  return out;
}

// tinygrad's _reduce: strong dtype, size-1 axes are not reduced, reduced axes
// stay as 1s only with keepdim.
Tensor reduceOp(const Tensor& self, Op op, const Axes& axis, bool keepdim) {
  Tensor t = self.isWeak() ? castTo(self, promoTypeOf(self.dtype())) : self;
  Ints axes = resolveAxes(axis, t.ndim());
  Ints reduced;
  for (int64_t a : axes)
    if (t.shape()[static_cast<size_t>(a)] != 1) reduced.push_back(a);
  Tensor r = t;
  if (!reduced.empty()) {
    if (t.dtype().isBool() && op == Op::Mul) {
      // A bool product is "all": not any(not x), keeping Reduce on Max.
      r = reduceOp(t.logicalNot(), Op::Max, reduced, true).logicalNot();
    } else {
      // A bool sum saturates at True: Max is Or, while Add on bools has no meaning.
      Op rop = t.dtype().isBool() && op == Op::Add ? Op::Max : op;
      r = wrap(reduce(t.uop(), rop, reduced), t);
    }
  }
  return keepdim ? r : r.reshape(withoutAxes(t.shape(), axes));
}

// The number of elements each output of a reduction over `axis` combines.
int64_t reducedCount(const Tensor& t, const Axes& axis) {
  int64_t n = 1;
  for (int64_t a : resolveAxes(axis, t.ndim()))
    n *= t.shape()[static_cast<size_t>(a)];
  return n;
}

// -x for floats, ~x otherwise: order-reversing without overflow.
Tensor inverse(const Tensor& t) {
  return t.isFloatingPoint() ? t.neg() : t.bitwiseNot();
}

PromoType statsType(const Tensor& t) {
  PromoType p = promoType(t);
  return isFloatType(p) ? p : PromoType::Float32;
}

} // namespace

Tensor Tensor::sum(const Axes& axis, bool keepdim, std::optional<DType> dtype) const {
  DType acc = dtype ? *dtype : sumAccDType(this->dtype());
  Tensor r = reduceOp(cast(acc), Op::Add, axis, keepdim);
  bool narrowFloat = this->dtype() == dtypes::float16 || this->dtype() == dtypes::bfloat16;
  return !dtype && narrowFloat ? r.cast(this->dtype()) : r;
}

Tensor Tensor::prod(const Axes& axis, bool keepdim, std::optional<DType> dtype) const {
  return reduceOp(cast(dtype.value_or(this->dtype())), Op::Mul, axis, keepdim);
}

Tensor Tensor::max(const Axes& axis, bool keepdim) const {
  return reduceOp(*this, Op::Max, axis, keepdim);
}
Tensor Tensor::min(const Axes& axis, bool keepdim) const {
  return inverse(inverse(*this).max(axis, keepdim));
}
Tensor Tensor::any(const Axes& axis, bool keepdim) const {
  return toBool().max(axis, keepdim);
}
Tensor Tensor::all(const Axes& axis, bool keepdim) const {
  return toBool().prod(axis, keepdim);
}

Tensor Tensor::mean(const Axes& axis, bool keepdim) const {
  Tensor numerator = cast(sumAccDType(dtype())).sum(axis, keepdim);
  return castTo(numerator.div(reducedCount(*this, axis)), statsType(*this));
}

Tensor Tensor::var(const Axes& axis, bool keepdim, double correction) const {
  Tensor squares = sub(mean(axis, true)).square();
  double n = static_cast<double>(reducedCount(*this, axis));
  Tensor numerator = squares.cast(sumAccDType(dtype())).sum(axis, keepdim);
  return castTo(numerator.div(std::max(n - correction, 0.0)), statsType(*this));
}

Tensor Tensor::std(const Axes& axis, bool keepdim, double correction) const {
  return var(axis, keepdim, correction).sqrt();
}
std::pair<Tensor, Tensor> Tensor::varMean(const Axes& axis, bool keepdim, double correction) const {
  return {var(axis, keepdim, correction), mean(axis, keepdim)};
}
std::pair<Tensor, Tensor> Tensor::stdMean(const Axes& axis, bool keepdim, double correction) const {
  return {std(axis, keepdim, correction), mean(axis, keepdim)};
}

Tensor Tensor::logsumexp(const Axes& axis, bool keepdim) const {
  // Subtracting the (gradient-free) max keeps exp from overflowing.
  Tensor m = max(axis, true).detach();
  Tensor s = sub(m).exp().sum(axis, keepdim).log();
  return s.add(keepdim ? m : m.reshape(s.shape()));
}

namespace {

struct SoftmaxParts {
  Tensor shifted, exp, sum;
};

SoftmaxParts softmaxParts(const Tensor& t, int64_t axis, std::optional<DType> dtype) {
  Tensor m = t.sub(t.max(axis, true).detach());
  if (dtype) m = m.cast(*dtype);
  Tensor e = m.exp();
  return {m, e, e.sum(axis, true)};
}

} // namespace

Tensor Tensor::softmax(int64_t axis, std::optional<DType> dtype) const {
  SoftmaxParts p = softmaxParts(*this, axis, dtype);
  return p.exp.mul(p.sum.reciprocal());
}
Tensor Tensor::logSoftmax(int64_t axis, std::optional<DType> dtype) const {
  SoftmaxParts p = softmaxParts(*this, axis, dtype);
  return p.shifted.sub(p.sum.log());
}
Tensor Tensor::softmin(int64_t axis, std::optional<DType> dtype) const {
  return neg().softmax(axis, dtype);
}

Tensor Tensor::lpNormalize(double p, int64_t dim, double eps) const {
  Tensor den = p == 0 ? ne(0).sum(dim, true) : abs().pow(p).sum(dim, true).pow(1.0 / p);
  return div(den.maximum(eps));
}

// The first index of the maximum: weight matches by n - i and take the largest.
Tensor Tensor::argmax(std::optional<int64_t> axis, bool keepdim) const {
  if (!axis) return flatten().argmax(0);
  int64_t a = resolveDim(*axis, ndim());
  int64_t n = axisSize(*this, a);
  Tensor m = eq(max(a, true));
  Shape weightShape{n};
  weightShape.insert(weightShape.end(), static_cast<size_t>(ndim() - a - 1), 1);
  Tensor idx = m.mul(arange(n, int64_t{0}, int64_t{-1}).reshape(weightShape));
  return (n - idx.max(a, keepdim)).cast(dtypes::int32);
}
Tensor Tensor::argmin(std::optional<int64_t> axis, bool keepdim) const {
  return inverse(*this).argmax(axis, keepdim);
}

} // namespace uops
