// Running reductions (cumsum, cumprod, cummax, logcumsumexp) and sorting.
#include "core/tensor/tensor_impl.h"

#include <bit>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

Scalar identityElement(Op op, DType dtype) {
  if (op == Op::Add) return int64_t{0};
  if (op == Op::Mul) return int64_t{1};
  return toPyScalar(dtypeMin(dtype));
}

Tensor reduceLast(const Tensor& t, Op op) {
  if (op == Op::Add) return t.sum(-1);
  if (op == Op::Max) return t.max(-1);
  return t.prod(-1);
}

Tensor combine(const Tensor& a, const Tensor& b, Op op) {
  if (op == Op::Add) return a.add(b);
  if (op == Op::Max) return a.maximum(b);
  return a.mul(b);
}

std::vector<std::pair<int64_t, int64_t>> lastAxisPad(int64_t ndim, int64_t before, int64_t after) {
  std::vector<std::pair<int64_t, int64_t>> pads(static_cast<size_t>(ndim), {0, 0});
  pads.back() = {before, after};
  return pads;
}

// Output i reduces the window [i - n + 1, i] of the input padded with n - 1
// identities in front: a pool of size n over the padded axis (tinygrad's _cumalu).
Tensor cumaluWindowed(const Tensor& t, int64_t axis, Op op) {
  int64_t n = t.shape()[static_cast<size_t>(axis)];
  Tensor x = t.transpose(axis, -1);
  x = padConstant(x, lastAxisPad(x.ndim(), n - 1, 0), identityElement(op, t.dtype()));
  return reduceLast(x.pool({n}), op).transpose(axis, -1);
}

} // namespace

namespace tensor_detail {

// Long axes are cut into chunks of 256 so the windows stay small; the running
// totals of whole chunks are then combined in (tinygrad's _split_cumalu).
Tensor cumalu(const Tensor& t, int64_t axis, Op op) {
  int64_t a = resolveDim(axis, t.ndim());
  if (t.ndim() == 0 || t.numel() == 0) return op == Op::Add ? t.cast(t.sum().dtype()) : t;
  constexpr int64_t split = 256;
  int64_t s = t.shape()[static_cast<size_t>(a)];
  if (s <= split * 2) return cumaluWindowed(t, a, op);
  Scalar identity = identityElement(op, t.dtype());
  Tensor x = t.transpose(a, -1);
  x = padConstant(x, lastAxisPad(x.ndim(), ceilDiv(s, split) * split - s, 0), identity);
  Tensor chunks = cumaluWindowed(x.unflatten(-1, {-1, split}), x.ndim(), op);
  int64_t nchunks = chunks.shape()[chunks.shape().size() - 2];
  std::vector<ShrinkPair> lastCol(static_cast<size_t>(chunks.ndim()));
  lastCol.back() = std::pair{split - 1, split};
  Tensor totals = chunks.shrink(lastCol).squeeze(-1);
  // Chunk c starts from the combined totals of chunks 0..c-1.
  Tensor base = padConstant(cumaluWindowed(totals, totals.ndim() - 1, op),
                            lastAxisPad(totals.ndim(), 1, -1), identity);
  Tensor all = combine(chunks, base.unsqueeze(-1), op).flatten(-2);
  std::vector<ShrinkPair> tail(static_cast<size_t>(all.ndim()));
  tail.back() = std::pair{nchunks * split - s, nchunks * split};
  return all.shrink(tail).transpose(-1, a);
}

} // namespace tensor_detail

Tensor Tensor::cumsum(int64_t axis) const {
  return cumalu(*this, axis, Op::Add);
}
Tensor Tensor::cumprod(int64_t axis) const {
  return cumalu(*this, axis, Op::Mul);
}

std::pair<Tensor, Tensor> Tensor::cummax(int64_t axis) const {
  if (ndim() == 0) return {cumalu(*this, axis, Op::Max), zeros(shape(), dtypes::int32, device())};
  int64_t a = resolveDim(axis, ndim());
  Tensor values = cumalu(*this, a, Op::Max);
  int64_t n = shape()[static_cast<size_t>(a)];
  Tensor x = transpose(a, -1), valuesT = values.transpose(a, -1);
  // match[i][j]: x[i] equals the running max at j, for i <= j; the first such i wins.
  Tensor match = x.unsqueeze(-1).eq(valuesT.unsqueeze(-2)).mul(ones({n, n}, dtypes::bool_).triu());
  Tensor weighted = match.mul(arange(n, int64_t{0}, int64_t{-1}).reshape({n, 1}));
  Tensor idx = (weighted.max(-2).neg().add(n)).cast(dtypes::int32);
  return {values, idx.transpose(-1, a)};
}

std::pair<Tensor, Tensor> Tensor::cummin(int64_t axis) const {
  Tensor inv = isFloatingPoint() ? neg() : bitwiseNot();
  auto [values, idx] = inv.cummax(axis);
  return {isFloatingPoint() ? values.neg() : values.bitwiseNot(), idx};
}

Tensor Tensor::logcumsumexp(int64_t axis) const {
  if (ndim() == 0) return *this;
  Tensor x = transpose(axis, -1);
  int64_t n = x.shape().back();
  Tensor runningMax = x.cummax(-1).first.detach();
  Tensor mask = ones({n, n}, dtypes::bool_).tril();
  Tensor shifted =
      mask.where(x.unsqueeze(-2).sub(runningMax.unsqueeze(-1)), toPyScalar(dtypeMin(dtype())));
  return shifted.exp().sum(-1).log().add(runningMax).transpose(-1, axis);
}

// A bitonic sorting network over the axis padded to a power of two, each value
// carried with its index and ordered by (value, index): equal values keep their
// order, and the indices come out of the same compares as the values. (Indices
// found afterwards by matching values bit for bit take a len x len compare, and
// match nothing where a realization's values and a recomputed input round
// differently.)
std::pair<Tensor, Tensor> Tensor::sort(int64_t dim, bool descending) const {
  int64_t d = resolveDim(dim, ndim());
  int64_t len = ndim() == 0 ? 1 : shape()[static_cast<size_t>(d)];
  if (len <= 1) return {*this, constLike(int64_t{0}, dtypes::int32)};
  int64_t stages = std::bit_width(static_cast<uint64_t>(len - 1));
  std::vector<std::pair<int64_t, int64_t>> pads(static_cast<size_t>(ndim()), {0, 0});
  pads[static_cast<size_t>(d)] = {0, (int64_t{1} << stages) - len};
  // the padding sorts after every element, equal fillers included (its indices are len and up)
  Scalar filler = toPyScalar(descending ? dtypeMin(dtype()) : dtypeMax(dtype()));
  Shape lanes(static_cast<size_t>(ndim()), 1);
  lanes[static_cast<size_t>(d)] = int64_t{1} << stages;
  const Shape split(static_cast<size_t>(stages), 2);
  const Tensor padded = padConstant(*this, pads, filler);
  Tensor x = padded.unflatten(d, split);
  Tensor at =
      arange(int64_t{1} << stages).reshape(lanes).expand(padded.shape()).unflatten(d, split);
  auto crossFlip = [&](int64_t crossover, const Ints& flipDims) {
    std::vector<Tensor> xs = x.split(1, crossover), ats = at.split(1, crossover);
    x = xs[0].cat({xs[1].flip(flipDims)}, crossover);
    at = ats[0].cat({ats[1].flip(flipDims)}, crossover);
  };
  for (int64_t stage = 1; stage <= stages; ++stage) {
    int64_t crossover = d + stages - stage - 1;
    Ints flipDims;
    for (int64_t i = 1; i < stage + 1 + (ndim() - d); ++i)
      flipDims.push_back(-i);
    if (stage != stages) {
      crossFlip(crossover, flipDims);
      x = x.contiguous();
      at = at.contiguous();
    }
    for (int64_t sub = stage - 1; sub >= 0; --sub) {
      int64_t partner = d + stages - sub - 1;
      std::vector<Tensor> xs = x.split(1, partner), ats = at.split(1, partner);
      // whether the first of each pair goes first
      const Tensor ahead = descending ? xs[0].gt(xs[1]) : xs[0].lt(xs[1]);
      const Tensor first = ahead.bitwiseOr(xs[0].eq(xs[1]).bitwiseAnd(ats[0].lt(ats[1])));
      x = first.where(xs[0], xs[1]).cat({first.where(xs[1], xs[0])}, partner).contiguous();
      at = first.where(ats[0], ats[1]).cat({first.where(ats[1], ats[0])}, partner).contiguous();
    }
    if (stage != stages) crossFlip(crossover, flipDims);
  }
  return {x.flatten(d, d + stages - 1).shrinkTo(shape()),
          at.flatten(d, d + stages - 1).shrinkTo(shape())};
}

Tensor Tensor::argsort(int64_t dim, bool descending) const {
  return sort(dim, descending).second;
}

std::pair<Tensor, Tensor> Tensor::topk(int64_t k, int64_t dim, bool largest, bool sorted) const {
  if (!sorted) fail("topk with sorted_=False is not supported");
  int64_t d = resolveDim(dim, ndim());
  if (k > axisSize(*this, d)) fail(fmt::format("selected index k={} is out of range", k));
  auto [values, idx] = sort(d, largest);
  Shape keep(static_cast<size_t>(ndim()), -1);
  keep[static_cast<size_t>(d)] = k;
  return {values.shrinkTo(keep), idx.shrinkTo(keep)};
}

} // namespace uops
