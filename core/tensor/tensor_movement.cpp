// Movement primitives: reshape, expand, permute, flip, shrink and the axis views on them.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

std::string pairsRepr(const std::vector<ShrinkPair>& arg) {
  std::vector<std::string> parts;
  for (const auto& p : arg)
    parts.push_back(p ? fmt::format("({}, {})", p->first, p->second) : "None");
  if (parts.size() == 1) return fmt::format("({},)", parts[0]);
  return fmt::format("({})", fmt::join(parts, ", "));
}

} // namespace

Tensor Tensor::reshape(const Shape& shape) const {
  Shape out = shape;
  int64_t inferred = std::count(out.begin(), out.end(), -1);
  if (inferred > 1)
    fail(fmt::format("only one dimension can be inferred using -1, getting {}", toString(out)));
  int64_t known = 1;
  for (int64_t s : out)
    if (s != -1) known *= s;
  if (inferred && known != 0)
    std::replace(out.begin(), out.end(), int64_t{-1}, floorDivInt(numel(), known));
  bool negative = std::any_of(out.begin(), out.end(), [](int64_t s) { return s < 0; });
  if (negative || shapeProduct(out) != numel())
    fail(fmt::format("size mismatch, can't reshape ({}) -> ({})", toString(this->shape()),
                     toString(out)));
  if (out == this->shape()) return *this;
  return wrap(uops::reshape(uop(), out), *this, isWeak());
}

Tensor Tensor::view(const Shape& shape) const {
  return reshape(shape);
}

Tensor Tensor::expand(const Shape& shape) const {
  // Both shapes are aligned to the left with 1s; -1 keeps this tensor's size.
  size_t n = std::max(shape.size(), this->shape().size());
  Shape self(n - this->shape().size(), 1), want(n - shape.size(), 1);
  self.insert(self.end(), this->shape().begin(), this->shape().end());
  want.insert(want.end(), shape.begin(), shape.end());
  for (size_t k = 0; k < n; ++k)
    if (want[k] == -1) want[k] = self[k];
  return broadcastTo(*this, want);
}

Tensor Tensor::permute(const Ints& order) const {
  Ints resolved;
  for (int64_t d : order)
    resolved.push_back(resolveDim(d, ndim()));
  Ints sorted = resolved;
  std::sort(sorted.begin(), sorted.end());
  Ints identity(static_cast<size_t>(ndim()));
  std::iota(identity.begin(), identity.end(), 0);
  if (sorted != identity)
    fail(fmt::format("order is not a valid permutation, getting {}", pyTuple(resolved)));
  if (resolved == identity) return *this;
  return wrap(uops::permute(uop(), resolved), *this, isWeak());
}

Tensor Tensor::flip(const Ints& axes) const {
  Ints resolved;
  for (int64_t d : axes)
    resolved.push_back(resolveDim(d, ndim()));
  Ints unique = resolved;
  std::sort(unique.begin(), unique.end());
  if (std::adjacent_find(unique.begin(), unique.end()) != unique.end())
    fail(fmt::format("dim can appear at most once, getting {}", pyTuple(resolved)));
  if (resolved.empty()) return *this;
  Bools flags(static_cast<size_t>(ndim()), false);
  for (int64_t d : resolved)
    flags[static_cast<size_t>(d)] = true;
  return wrap(uops::flip(uop(), flags), *this, isWeak());
}

Tensor Tensor::shrink(const std::vector<ShrinkPair>& arg) const {
  if (static_cast<int64_t>(arg.size()) != ndim())
    fail(fmt::format("self.ndim={} != len(arg)={}", ndim(), arg.size()));
  Shape offsets, sizes;
  for (size_t k = 0; k < arg.size(); ++k) {
    int64_t lo = arg[k] ? arg[k]->first : 0, hi = arg[k] ? arg[k]->second : shape()[k];
    if (lo < 0 || hi < lo || hi > shape()[k])
      fail(fmt::format("invalid shrink {} for {}", pairsRepr(arg), toString(shape())));
    offsets.push_back(lo);
    sizes.push_back(hi - lo);
  }
  if (sizes == shape()) return *this;
  return wrap(uops::shrink(uop(), offsets, sizes), *this, isWeak());
}

Tensor Tensor::shrinkTo(const Shape& shape) const {
  std::vector<ShrinkPair> arg;
  for (int64_t s : shape)
    arg.push_back(s < 0 ? ShrinkPair{} : ShrinkPair{{0, s}});
  if (arg.size() != this->shape().size())
    fail(fmt::format("self.ndim={} != len(arg)={}", ndim(), arg.size()));
  return shrink(arg);
}

Tensor Tensor::squeeze(std::optional<int64_t> dim) const {
  if (!dim) {
    Shape out;
    for (int64_t s : shape())
      if (s != 1) out.push_back(s);
    return reshape(out);
  }
  int64_t d = resolveDim(*dim, ndim());
  if (ndim() == 0 || shape()[static_cast<size_t>(d)] != 1) return *this;
  Shape out = shape();
  out.erase(out.begin() + d);
  return reshape(out);
}

Tensor Tensor::unsqueeze(int64_t dim) const {
  int64_t d = resolveDim(dim, ndim(), true);
  Shape out = shape();
  out.insert(out.begin() + d, 1);
  return reshape(out);
}

Tensor Tensor::T() const {
  return transpose();
}

Tensor Tensor::transpose(int64_t dim0, int64_t dim1) const {
  int64_t d0 = resolveDim(dim0, ndim()), d1 = resolveDim(dim1, ndim());
  if (ndim() == 0) return *this; // a 0-d tensor has nothing to swap
  Ints order(static_cast<size_t>(ndim()));
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[static_cast<size_t>(d0)], order[static_cast<size_t>(d1)]);
  return permute(order);
}

Tensor Tensor::flatten(int64_t startDim, int64_t endDim) const {
  int64_t s = resolveDim(startDim, ndim()), e = resolveDim(endDim, ndim());
  const Shape& in = shape();
  Shape out(in.begin(), in.begin() + std::min<int64_t>(s, ndim()));
  int64_t p = 1;
  for (int64_t k = s; k <= e && k < ndim(); ++k)
    p *= in[static_cast<size_t>(k)];
  out.push_back(p);
  if (e + 1 < ndim()) out.insert(out.end(), in.begin() + e + 1, in.end());
  return reshape(out);
}

Tensor Tensor::unflatten(int64_t dim, const Shape& sizes) const {
  int64_t d = resolveDim(dim, ndim());
  Shape out(shape().begin(), shape().begin() + d);
  out.insert(out.end(), sizes.begin(), sizes.end());
  out.insert(out.end(), shape().begin() + d + 1, shape().end());
  return reshape(out);
}

} // namespace uops
