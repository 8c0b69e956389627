// Rearranging views built from the movement primitives: repeat, split, chunk,
// diagonals, roll and meshgrid.
#include "core/tensor/tensor_impl.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::repeat(const Ints& repeats) const {
  // Left-align this shape with the repeats; each repeated axis gets a new
  // axis in front to expand, then the pairs merge.
  Shape base(repeats.size() > shape().size() ? repeats.size() - shape().size() : 0, 1);
  base.insert(base.end(), shape().begin(), shape().end());
  Shape unsqueezed, expanded, final;
  for (size_t k = 0; k < std::min(repeats.size(), base.size()); ++k) {
    int64_t r = repeats[k], s = base[k];
    if (r != 1) {
      unsqueezed.push_back(1);
      expanded.push_back(r);
    }
    unsqueezed.push_back(s);
    expanded.push_back(s);
    final.push_back(r * s);
  }
  return reshape(unsqueezed).expand(expanded).reshape(final);
}

Tensor Tensor::repeatInterleave(int64_t repeats, std::optional<int64_t> dim) const {
  Tensor x = dim ? *this : flatten();
  int64_t d = dim ? resolveDim(*dim, ndim()) : 0;
  if (x.ndim() == 0) fail("repeat_interleave of a 0-d tensor needs no dim");
  Shape s = x.shape();
  Shape withAxis(s.begin(), s.begin() + d + 1);
  withAxis.push_back(1);
  withAxis.insert(withAxis.end(), s.begin() + d + 1, s.end());
  Shape expanded = withAxis;
  expanded[static_cast<size_t>(d + 1)] = repeats;
  Shape out = s;
  out[static_cast<size_t>(d)] *= repeats;
  return x.reshape(withAxis).expand(expanded).reshape(out);
}

std::vector<Tensor> Tensor::split(int64_t size, int64_t dim) const {
  int64_t d = resolveDim(dim, ndim());
  int64_t n = axisSize(*this, d);
  Ints sizes;
  for (int64_t i = 0; i < std::max<int64_t>(1, n); i += std::max<int64_t>(1, size))
    sizes.push_back(std::min(size, n - i));
  return split(sizes, d);
}

std::vector<Tensor> Tensor::split(const Ints& sizes, int64_t dim) const {
  int64_t d = resolveDim(dim, ndim());
  int64_t n = axisSize(*this, d);
  int64_t total = std::accumulate(sizes.begin(), sizes.end(), int64_t{0});
  if (total != n) fail(fmt::format("expect sizes to sum exactly to {}, but got {}", n, total));
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t s : sizes) {
    std::vector<ShrinkPair> arg(static_cast<size_t>(ndim()));
    arg[static_cast<size_t>(d)] = std::pair{start, start + s};
    out.push_back(shrink(arg));
    start += s;
  }
  return out;
}

std::vector<Tensor> Tensor::chunk(int64_t chunks, int64_t dim) const {
  int64_t d = resolveDim(dim, ndim());
  if (chunks <= 0) fail(fmt::format("expect chunks to be greater than 0, got: {}", chunks));
  int64_t n = axisSize(*this, d);
  if (n == 0) return split(Ints(static_cast<size_t>(chunks), 0), d);
  return split(ceilDiv(n, chunks), d);
}

Tensor Tensor::diag() const {
  if (ndim() != 1) fail(fmt::format("expect input to be 1-D, getting {}-D", ndim()));
  int64_t n = shape()[0];
  // Each value followed by n zeros, read back in rows of n: the diagonal.
  return unsqueeze(-1).padTo({-1, 1 + n}).flatten().shrinkTo({n * n}).reshape({n, n});
}

Tensor Tensor::diagonal(int64_t offset, int64_t dim1, int64_t dim2) const {
  int64_t d1 = resolveDim(dim1, ndim()), d2 = resolveDim(dim2, ndim());
  if (d1 == d2) fail("dim1 and dim2 cannot be the same dimension");
  Ints order;
  for (int64_t i = 0; i < ndim(); ++i)
    if (i != d1 && i != d2) order.push_back(i);
  order.push_back(d1);
  order.push_back(d2);
  Tensor x = permute(order);
  size_t n = static_cast<size_t>(x.ndim());
  std::vector<ShrinkPair> arg(n);
  if (offset >= 0)
    arg[n - 1] = std::pair{offset, x.shape()[n - 1]};
  else
    arg[n - 2] = std::pair{-offset, x.shape()[n - 2]};
  x = x.shrink(arg);
  int64_t d = std::min(x.shape()[n - 2], x.shape()[n - 1]);
  Shape batch(x.shape().begin(), x.shape().end() - 2);
  if (d <= 0) {
    Shape out = batch;
    out.push_back(0);
    return x.reshape(out);
  }
  Shape square = batch, padded = batch, rows = batch, first = batch;
  for (Shape* s : {&square, &padded, &rows, &first})
    std::fill(s->begin(), s->end(), -1);
  square.insert(square.end(), {d, d});
  padded.push_back(d * (d + 1));
  first.insert(first.end(), {-1, 1});
  // Flattened rows padded to d+1 put the diagonal in the first column.
  return x.shrinkTo(square)
      .flatten(-2)
      .padTo(padded)
      .unflatten(-1, {d, d + 1})
      .shrinkTo(first)
      .squeeze(-1);
}

Tensor Tensor::roll(const Ints& shifts, std::optional<Ints> dims) const {
  if (!dims) return flatten().roll(shifts, Ints{0}).reshape(shape());
  Ints ds;
  for (int64_t d : *dims)
    ds.push_back(resolveDim(d, ndim()));
  if (ds.size() != shifts.size())
    fail(fmt::format("len(dims)={} != len(shifts)={}", ds.size(), shifts.size()));
  if (numel() == 0) return *this;
  std::vector<ShrinkPair> arg(static_cast<size_t>(ndim()));
  Ints reps(static_cast<size_t>(ndim()), 1);
  for (size_t i = 0; i < ds.size(); ++i) {
    int64_t s = axisSize(*this, ds[i]);
    int64_t delta = s - floorModInt(shifts[i], s);
    arg[static_cast<size_t>(ds[i])] = std::pair{delta, delta + s};
    reps[static_cast<size_t>(ds[i])] = 2;
  }
  return repeat(reps).shrink(arg);
}

std::vector<Tensor> Tensor::meshgrid(const std::vector<Tensor>& tensors,
                                     const std::string& indexing) {
  if (indexing != "ij" && indexing != "xy")
    fail(fmt::format("indexing must be in (\"ij\", \"xy\"), got {}", indexing));
  if (tensors.size() <= 1) return tensors;
  size_t n = tensors.size();
  std::vector<Tensor> shaped;
  std::vector<Shape> shapes;
  for (size_t i = 0; i < n; ++i) {
    // "xy" swaps the roles of the first two inputs.
    size_t axis = indexing == "ij" || i > 1 ? i : 1 - i;
    Shape s{-1};
    s.insert(s.end(), n - 1 - axis, 1);
    shaped.push_back(tensors[i].reshape(s));
    shapes.push_back(shaped.back().shape());
  }
  Shape out = broadcastShape(shapes);
  for (Tensor& t : shaped)
    t = broadcastTo(t, out);
  return shaped;
}

} // namespace uops
