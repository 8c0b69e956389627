// interpolate: per axis, gather source samples and blend them.
#include "core/nn/interpolate.h"

#include "core/ir/shape.h"
#include "core/nn/nn_helpers.h"

#include <fmt/format.h>

namespace uops {
using namespace nn_detail;

namespace {

// Linear: output i samples the input at num/den (half-pixel centres, or the
// corners aligned), between floor and ceil with the fraction as weight. Integer
// math keeps the positions exact.
Tensor resampleLinear(const Tensor& x, int64_t axis, int64_t inSize, int64_t outSize,
                      bool alignCorners, const Shape& along, const Shape& expanded) {
  Tensor i = Tensor::arange(outSize);
  Tensor num = alignCorners ? i * (inSize - 1) : (i * 2 + 1) * inSize - outSize;
  int64_t den = alignCorners ? outSize - 1 : outSize * 2;
  num = num.clip(0, (inSize - 1) * den);
  auto place = [&](const Tensor& t) { return t.reshape(along).expand(expanded); };
  Tensor low = place(num.floorDiv(den)), high = place((num + (den - 1)).floorDiv(den));
  Tensor frac = place(num.mod(den).cast(dtypes::float32) / den);
  return x.gather(axis, low).lerp(x.gather(axis, high), frac);
}

Tensor resampleNearest(const Tensor& x, int64_t axis, int64_t inSize, int64_t outSize, bool exact,
                       const Shape& along, const Shape& expanded) {
  double scale = static_cast<double>(inSize) / static_cast<double>(outSize);
  Tensor i = Tensor::arange(0, outSize, 1, dtypes::float32);
  Tensor source = exact ? scale * (i + 0.5) : scale * i;
  return x.gather(axis, source.cast(dtypes::int32).reshape(along).expand(expanded));
}

} // namespace

Tensor interpolate(const Tensor& x, const Shape& size, const std::string& mode, bool alignCorners) {
  int64_t ndim = x.ndim(), n = static_cast<int64_t>(size.size());
  if (n == 0 || n > ndim) fail(fmt::format("invalid size={}", toString(size)));
  if (mode != "linear" && mode != "nearest" && mode != "nearest-exact")
    fail("only supports linear, nearest or nearest-exact interpolate");
  if (alignCorners && mode != "linear")
    fail("align_corners option can only be set with the interpolating mode linear");
  Tensor out = x;
  Shape expanded = x.shape();
  // Last axis first; each index tensor spans the axes resized so far.
  for (int64_t k = 1; k <= n; ++k) {
    int64_t axis = ndim - k, outSize = size[static_cast<size_t>(n - k)];
    int64_t inSize = x.shape()[static_cast<size_t>(axis)];
    Shape along(static_cast<size_t>(ndim), 1);
    along[static_cast<size_t>(axis)] = expanded[static_cast<size_t>(axis)] = outSize;
    out =
        mode == "linear"
            ? resampleLinear(out, axis, inSize, outSize, alignCorners, along, expanded)
            : resampleNearest(out, axis, inSize, outSize, mode == "nearest-exact", along, expanded);
  }
  return out.cast(x.dtype());
}

} // namespace uops
