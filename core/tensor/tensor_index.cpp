// Index-driven ops by one-hot masks: gather, one_hot, scatter, triu / tril.
#include "core/tensor/tensor_impl.h"

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace tensor_detail {

Tensor oneHotAlongDim(const Tensor& t, int64_t numClasses, int64_t dim) {
  if (!t.dtype().isInt())
    fail(fmt::format("_one_hot_along_dim expects int index tensor, getting {}",
                     promoTypeName(promoType(t))));
  int64_t offset = t.ndim() - resolveDim(dim, t.ndim()) - 1;
  Shape s{numClasses};
  s.insert(s.end(), static_cast<size_t>(offset), 1);
  return t.eq(Tensor::arange(numClasses).reshape(s));
}

} // namespace tensor_detail

namespace {

Shape keepAllBut(const Shape& shape, int64_t dim) {
  Shape out = shape;
  out[static_cast<size_t>(dim)] = -1;
  return out;
}

// src spread along a new last axis over the positions index picks, both
// padded to self's shape (tinygrad's _pre_scatter).
std::pair<Tensor, Tensor> preScatter(const Tensor& self, int64_t dim, const Tensor& index,
                                     const Tensor& src) {
  int64_t d = resolveDim(dim, self.ndim());
  if (index.ndim() != self.ndim() || src.ndim() != self.ndim())
    fail(fmt::format(
        "self.ndim, index.ndim and src.ndim must all equal, self.ndim={} index.ndim={} src.ndim={}",
        self.ndim(), index.ndim(), src.ndim()));
  for (int64_t k = 0; k < self.ndim(); ++k) {
    size_t uk = static_cast<size_t>(k);
    if ((k != d && self.shape()[uk] < index.shape()[uk]) || src.shape()[uk] < index.shape()[uk])
      fail(fmt::format(
          "All dimensions of index.shape={} should be <= to all dimensions of src.shape={} and "
          "all dimensions except dimension {} of self.shape={}",
          toString(index.shape()), toString(src.shape()), d, toString(self.shape())));
  }
  if (self.dtype() != src.dtype())
    fail(fmt::format("expect self.dtype={} to be equal to src.dtype={}", toString(self.dtype()),
                     toString(src.dtype())));
  int64_t n = axisSize(self, d);
  Tensor s = src.shrinkTo(index.shape());
  Shape expanded = s.shape();
  expanded.push_back(n);
  s = s.unsqueeze(-1).expand(expanded).transpose(-1, d);
  Tensor mask = oneHotAlongDim(index.unsqueeze(-1), n).transpose(-1, d);
  Shape target = self.shape();
  target.push_back(-1);
  return {s.padTo(target), mask.padTo(target)};
}

// Along each of `axes`, the last selected value wins; unselected keep self.
Tensor maskedMerge(const Tensor& self, Tensor values, Tensor mask, int64_t axis) {
  auto masks = mask.split(1, axis), vals = values.split(1, axis);
  Tensor m = masks[0], v = vals[0];
  for (size_t i = 1; i < masks.size(); ++i) {
    v = masks[i].where(vals[i], v);
    m = m.bitwiseOr(masks[i]);
  }
  return m.squeeze(axis).where(v.squeeze(axis), self);
}

} // namespace

Tensor Tensor::gather(int64_t dim, const Tensor& index) const {
  if (index.ndim() != ndim())
    fail(fmt::format("self.ndim must equal index.ndim, self.ndim={}, index.ndim={}", ndim(),
                     index.ndim()));
  int64_t d = resolveDim(dim, ndim());
  for (int64_t k = 0; k < ndim(); ++k)
    if (k != d && shape()[static_cast<size_t>(k)] < index.shape()[static_cast<size_t>(k)])
      fail("requires self.shape[d] >= index.shape[d] for all d != dim");
  Tensor x = shrinkTo(keepAllBut(index.shape(), d)).unsqueeze(-1).transpose(-1, d);
  Tensor hot = oneHotAlongDim(index.unsqueeze(-1), axisSize(*this, d));
  return hot.where(x, 0).sum(-1, false, dtype());
}

Tensor Tensor::oneHot(int64_t numClasses) const {
  if (!dtype().isInt())
    fail(fmt::format("expect integer dtype, getting self.dtype={}",
                     promoTypeName(promoType(*this))));
  if (numClasses < 0) fail(fmt::format("num_classes must be non-negative, got {}", numClasses));
  return oneHotAlongDim(unsqueeze(-1), numClasses).where(1, 0);
}

Tensor Tensor::scatterReduce(int64_t dim, const Tensor& index, const Tensor& src,
                             const std::string& reduce, bool includeSelf) const {
  auto [s, mask] = preScatter(*this, dim, index, src);
  Tensor untouched = mask.any(-1).logicalNot();
  auto selfOr = [&](const Scalar& v) { return includeSelf ? *this : untouched.where(*this, v); };
  if (reduce == "sum") return mask.where(s, 0).sum(-1).add(selfOr(int64_t{0}));
  if (reduce == "prod") return mask.where(s, 1).prod(-1).mul(selfOr(int64_t{1}));
  if (reduce == "amax") {
    Scalar lo = toPyScalar(dtypeMin(src.dtype()));
    return mask.where(s, lo).max(-1).maximum(selfOr(lo));
  }
  if (reduce == "amin") {
    Scalar hi = toPyScalar(dtypeMax(src.dtype()));
    return mask.where(s, hi).min(-1).minimum(selfOr(hi));
  }
  if (reduce == "mean") {
    Tensor count = mask.where(1, 0).sum(-1).add(includeSelf ? Tensor::scalar(int64_t{1})
                                                            : untouched.where(1, 0));
    return mask.where(s, 0).sum(-1).add(selfOr(int64_t{0})).div(count);
  }
  fail(fmt::format("reduce='{}' must be one of 'sum', 'prod', 'mean', 'amax', 'amin'", reduce));
}

Tensor Tensor::scatter(int64_t dim, const Tensor& index, const TensorOrScalar& src,
                       std::optional<std::string> reduce) const {
  if (reduce && *reduce != "add" && *reduce != "multiply")
    fail(fmt::format("reduce='{}' must be one of None, 'multiply', or 'add'", *reduce));
  Tensor s = src.isTensor() ? src.tensor() : full(index.shape(), src.scalar(), dtype(), device());
  if (reduce && src.isTensor())
    fail("non-scalar src is not supported with reduce arg. use scatter_reduce");
  if (reduce == "add") return scatterReduce(dim, index, s, "sum", true);
  if (reduce == "multiply") return scatterReduce(dim, index, s, "prod", true);
  auto [values, mask] = preScatter(*this, dim, index, s);
  return maskedMerge(*this, values, mask, -1);
}

namespace {

// [row + diagonal <= col] for an r x c grid.
Tensor upperMask(int64_t r, int64_t c, int64_t diagonal) {
  return Tensor::arange(r).unsqueeze(-1).add(diagonal).le(Tensor::arange(c));
}

} // namespace

Tensor Tensor::triu(int64_t diagonal) const {
  return upperMask(size(-2), size(-1), diagonal).where(*this, constLike(int64_t{0}));
}
Tensor Tensor::tril(int64_t diagonal) const {
  return upperMask(size(-2), size(-1), diagonal + 1).where(constLike(int64_t{0}), *this);
}

} // namespace uops
