// max_pool2d and avg_pool2d over windows from Tensor::pool.
#include "core/nn/pool.h"

#include "core/ir/shape.h"
#include "core/nn/nn_helpers.h"
#include "core/tensor/dtype_promotion.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops {
using namespace nn_detail;

namespace {

// The resolved window geometry of one pooling call.
struct Window {
  Shape kernel;
  Ints stride, dilation;
  Ints pads;        // flat, after ceil mode
  Ints regularPads; // flat, as the user gave them
  Axes axes;        // the trailing kernel axes that the pool reduces
};

Window windowOf(const Tensor& x, const IntTuple& kernelSize, const IntTuple& stride,
                const IntTuple& dilation, const IntTuple& padding, bool ceilMode) {
  Window w;
  w.kernel =
      makeTuple(kernelSize, kernelSize.isInt() ? 2 : kernelSize.values().size(), "kernel_size");
  size_t n = w.kernel.size();
  if (static_cast<size_t>(x.ndim()) < n)
    fail(fmt::format("can't pool {} with {}", toString(x.shape()), toString(w.kernel)));
  w.stride = stride.isNone() ? w.kernel : makeTuple(stride, n, "stride");
  w.dilation = makeTuple(dilation, n, "dilation");
  w.regularPads = resolvePoolPads(padding, n);
  Shape spatial(x.shape().end() - static_cast<std::ptrdiff_t>(n), x.shape().end());
  w.pads = ceilMode ? ceilModePads(spatial, w.regularPads, w.kernel, w.stride, w.dilation)
                    : w.regularPads;
  w.axes = Axes(lastAxes(n));
  return w;
}

Tensor windows(const Tensor& t, const Ints& pads, const Window& w, const Scalar& fill) {
  return t.padFlat(pads, "constant", fill).pool(w.kernel, w.stride, w.dilation);
}

} // namespace

Ints ceilModePads(const Shape& spatial, const Ints& pads, const Shape& kernel, const Ints& stride,
                  const Ints& dilation) {
  Ints out = pads;
  size_t n = kernel.size();
  for (size_t axis = 0; axis < n; ++axis) {
    size_t f = 2 * (n - 1 - axis); // the flat form starts at the last axis
    int64_t before = pads[f], after = pads[f + 1], in = spatial[axis], s = stride[axis];
    int64_t span = dilation[axis] * (kernel[axis] - 1) + 1;
    // Output size by ceil division (Dumoulin & Visin, arXiv:1603.07285, relationship 15).
    int64_t o = ceilDiv(in + before + after - span, s) + 1;
    int64_t lastStart = s * (o - 1);
    // Pad the end up to the last window's end, less what a window starting past
    // the input (in the trailing padding) would add: that window is dropped.
    out[f + 1] = after + lastStart + span - (in + before + after) -
                 std::max<int64_t>(lastStart - (before + in - 1), 0);
  }
  return out;
}

Tensor maxPool2d(const Tensor& x, const MaxPool2dArgs& args) {
  Window w = windowOf(x, args.kernelSize, args.stride, args.dilation, args.padding, args.ceilMode);
  return windows(x, w.pads, w, dtypeMin(x.dtype())).max(w.axes);
}

std::pair<Tensor, Tensor> maxPool2dWithIndices(const Tensor& x, const MaxPool2dArgs& args) {
  Window w = windowOf(x, args.kernelSize, args.stride, args.dilation, args.padding, args.ceilMode);
  Tensor pooled = windows(x, w.pads, w, dtypeMin(x.dtype()));
  Shape spatial(x.shape().end() - static_cast<std::ptrdiff_t>(w.kernel.size()), x.shape().end());
  int64_t count = 1;
  for (int64_t s : spatial)
    count *= s;
  // Positions counted down from `count`, so the max over the hits of a window
  // picks the first one; padding gets the minimum and never wins.
  Tensor countdown = Tensor::arange(count, 0, -1).reshape(spatial);
  Tensor hits = pooled.eq(pooled.max(w.axes, true));
  Tensor rank = hits * windows(countdown, w.pads, w, dtypeMin(countdown.dtype()));
  return {pooled.max(w.axes), count - rank.max(w.axes)};
}

Tensor avgPool2d(const Tensor& x, const AvgPool2dArgs& args) {
  Window w = windowOf(x, args.kernelSize, args.stride, args.dilation, args.padding, args.ceilMode);
  auto sumOf = [&](const Tensor& t, const Ints& pads) {
    return windows(t, pads, w, 0.0).sum(w.axes);
  };
  if (!args.countIncludePad) return sumOf(x, w.pads) / sumOf(x.constLike(1), w.pads);
  if (!args.ceilMode) return windows(x, w.pads, w, 0.0).mean(w.axes);
  // The divisor counts the user's padding but not the padding ceil mode added.
  Ints extra;
  for (size_t k = 0; k < w.pads.size(); ++k)
    extra.push_back(w.pads[k] - w.regularPads[k]);
  Tensor ones = x.padFlat(w.regularPads).constLike(1);
  return sumOf(x, w.pads) / sumOf(ones, extra);
}

} // namespace uops
