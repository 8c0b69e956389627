// Padding: constant (with negative pads cropping), reflect, replicate, circular.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

using Pads = std::vector<std::pair<int64_t, int64_t>>;

bool isZero(const Scalar& v) {
  return std::visit([](auto x) { return static_cast<double>(x) == 0.0; }, v);
}

// Negative pads crop first: keep [-before, size + after) of each axis.
std::vector<ShrinkPair> cropFor(const Pads& pads, const Shape& shape) {
  std::vector<ShrinkPair> arg;
  for (size_t k = 0; k < pads.size(); ++k)
    arg.push_back(std::pair{-std::min<int64_t>(pads[k].first, 0),
                            std::min(pads[k].second + shape[k], shape[k])});
  return arg;
}

Pads clampPads(const Pads& pads) {
  Pads out;
  for (auto [b, a] : pads)
    out.emplace_back(std::max<int64_t>(b, 0), std::max<int64_t>(a, 0));
  return out;
}

std::vector<ShrinkPair> onAxis(size_t ndim, size_t axis, std::pair<int64_t, int64_t> range) {
  std::vector<ShrinkPair> arg(ndim);
  arg[axis] = range;
  return arg;
}

Tensor padCircular(const Tensor& t, const Pads& pads) {
  Tensor x = t.shrink(cropFor(pads, t.shape()));
  Pads p = clampPads(pads);
  Ints reps;
  for (size_t k = 0; k < p.size(); ++k) {
    if (p[k].first > x.shape()[k] || p[k].second > x.shape()[k])
      fail("Padding value causes wrapping around more than once.");
    reps.push_back(1 + (p[k].first > 0) + (p[k].second > 0));
  }
  Shape orig = x.shape();
  x = x.repeat(reps);
  std::vector<ShrinkPair> arg;
  for (size_t k = 0; k < p.size(); ++k) {
    int64_t xs = x.shape()[k];
    arg.push_back(std::pair{p[k].first == 0 ? 0 : orig[k] - p[k].first,
                            p[k].second == 0 ? xs : xs - orig[k] + p[k].second});
  }
  return x.shrink(arg);
}

// Reflect mirrors without repeating the edge; replicate repeats the edge.
Tensor padReflectReplicate(const Tensor& t, const Pads& pads, bool reflect) {
  Tensor x = t;
  Pads p = clampPads(pads);
  size_t n = static_cast<size_t>(t.ndim());
  for (size_t d = 0; d < n; ++d) {
    auto [before, after] = p[d];
    int64_t s = x.shape()[d];
    std::optional<Tensor> xb, xa;
    if (reflect) {
      if (before >= s || after >= s)
        fail(fmt::format("Padding ({}, {}) should be less than the input size={} for dim={}.",
                         before, after, s, d));
      // x[pB:0:-1] and x[s-2:s-2-pA:-1] along d: the flipped neighbours of each edge.
      if (before > 0) xb = x.shrink(onAxis(n, d, {1, before + 1})).flip({static_cast<int64_t>(d)});
      if (after > 0)
        xa = x.shrink(onAxis(n, d, {s - 1 - after, s - 1})).flip({static_cast<int64_t>(d)});
    } else {
      Shape keep(n, -1);
      if (before > 0) {
        keep[d] = before;
        xb = x.shrink(onAxis(n, d, {0, 1})).expand(keep);
      }
      if (after > 0) {
        keep[d] = after;
        xa = x.shrink(onAxis(n, d, {s - 1, s})).expand(keep);
      }
    }
    std::vector<Tensor> rest;
    if (xb) rest.push_back(x);
    if (xa) rest.push_back(*xa);
    Tensor first = xb ? *xb : x;
    if (!rest.empty()) x = first.cat(rest, static_cast<int64_t>(d));
  }
  return x.shrink(cropFor(pads, x.shape()));
}

std::string padsRepr(const std::vector<PadPair>& padding) {
  std::vector<std::string> parts;
  for (const auto& p : padding)
    parts.push_back(p ? fmt::format("({}, {})", p->first, p->second) : "None");
  if (parts.size() == 1) return fmt::format("({},)", parts[0]);
  return fmt::format("({})", fmt::join(parts, ", "));
}

Tensor padGrouped(const Tensor& t, const Pads& pads, const std::string& mode, const Scalar& value) {
  if (mode == "constant") return padConstant(t, pads, value);
  if (mode == "circular") return padCircular(t, pads);
  if (mode == "reflect" || mode == "replicate")
    return padReflectReplicate(t, pads, mode == "reflect");
  fail(fmt::format("mode='{}' is not supported", mode));
}

} // namespace

namespace tensor_detail {

Tensor padNonNegative(const Tensor& t, const Pads& pads) {
  Shape offsets, shape;
  for (size_t k = 0; k < pads.size(); ++k) {
    offsets.push_back(pads[k].first);
    shape.push_back(pads[k].first + t.shape()[k] + pads[k].second);
  }
  if (shape == t.shape()) return t;
  return wrap(uops::pad(t.uop(), offsets, shape), t, t.isWeak());
}

Tensor padConstant(const Tensor& t, const Pads& pads, const Scalar& value) {
  bool negative = false;
  for (auto [b, a] : pads)
    negative |= b < 0 || a < 0;
  Tensor x = negative ? t.shrink(cropFor(pads, t.shape())) : t;
  Pads p = negative ? clampPads(pads) : pads;
  Tensor base = padNonNegative(x, p);
  if (isZero(value)) return base;
  // Pad fills with zeros; a mask of the original region selects the fill value elsewhere.
  Tensor inside = padNonNegative(x.constLike(true, dtypes::bool_), p);
  return inside.where(base, value);
}

} // namespace tensor_detail

Tensor Tensor::pad(const std::vector<PadPair>& padding, const std::string& mode,
                   const Scalar& value) const {
  if (static_cast<int64_t>(padding.size()) != ndim())
    fail(fmt::format("padding length is improper, padding={} self.ndim={}", padsRepr(padding),
                     ndim()));
  Pads pads;
  for (const auto& p : padding)
    pads.push_back(p.value_or(std::pair<int64_t, int64_t>{0, 0}));
  return padGrouped(*this, pads, mode, value);
}

Tensor Tensor::padFlat(const Ints& padding, const std::string& mode, const Scalar& value) const {
  if (padding.size() % 2 != 0) fail("Flat padding must have even number of pads");
  size_t pairs = padding.size() / 2;
  if (static_cast<int64_t>(pairs) > ndim())
    fail(fmt::format("padding length is improper, padding={} self.ndim={}", pyTuple(padding),
                     ndim()));
  // (left, right, top, bottom, ...) pads the last axis first.
  Pads pads(static_cast<size_t>(ndim()) - pairs, {0, 0});
  for (size_t i = pairs; i-- > 0;)
    pads.emplace_back(padding[2 * i], padding[2 * i + 1]);
  return padGrouped(*this, pads, mode, value);
}

Tensor Tensor::padTo(const Shape& shape, const Scalar& value) const {
  if (shape.size() != this->shape().size())
    fail(fmt::format("cannot pad {} to {}", toString(this->shape()), toString(shape)));
  Pads pads;
  for (size_t k = 0; k < shape.size(); ++k) {
    int64_t want = shape[k] < 0 ? this->shape()[k] : shape[k];
    if (want < this->shape()[k])
      fail(fmt::format("cannot pad {} to {}", toString(this->shape()), toString(shape)));
    pads.emplace_back(0, want - this->shape()[k]);
  }
  return padConstant(*this, pads, value);
}

} // namespace uops
