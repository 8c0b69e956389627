// convTranspose2d: the gradient of conv2d, as a conv2d of the zero-stuffed input
// with the flipped, group-transposed weight and the complementary padding.
#include "core/nn/conv.h"

#include "core/nn/nn_helpers.h"

#include <algorithm>

namespace uops {
using namespace nn_detail;

namespace {

// Puts s-1 zeros after every input element along each spatial axis (none after
// the last), so a stride-1 conv2d visits the strided forward positions:
// (k) -> (k, 1) -> pad to (k, s) -> (k*s) -> keep k*s - (s-1).
Tensor stuffZeros(const Tensor& x, const Ints& stride) {
  Shape split{x.shape()[0], x.shape()[1]}, merged = split, kept{-1, -1};
  std::vector<PadPair> pads(2);
  for (size_t k = 0; k < stride.size(); ++k) {
    int64_t n = x.shape()[2 + k], s = stride[k];
    split.insert(split.end(), {n, 1});
    pads.push_back(std::nullopt);
    pads.push_back(std::pair<int64_t, int64_t>{0, s - 1});
    merged.push_back(n * s);
    kept.push_back(n * s - (s - 1));
  }
  return x.reshape(split).pad(pads).reshape(merged).shrinkTo(kept);
}

} // namespace

Tensor convTranspose2d(const Tensor& x, const Tensor& weight, const ConvTranspose2dArgs& args) {
  if (weight.ndim() < 3 || x.ndim() != weight.ndim())
    fail("conv_transpose2d needs an input (batch, cin, *spatial) and a weight "
         "(cin, cout/groups, *kernel) of the same rank");
  size_t nsp = static_cast<size_t>(weight.ndim()) - 2;
  Shape kernel(weight.shape().begin() + 2, weight.shape().end());
  // (cin, rcout, *k) -> (groups, rcin, rcout, *k) -> (groups, rcout, rcin, *k), kernel flipped.
  Ints spatialAxes;
  for (size_t k = 0; k < nsp; ++k)
    spatialAxes.push_back(3 + static_cast<int64_t>(k));
  Tensor w = weight.unflatten(0, {args.groups, -1}).transpose(1, 2).flip(spatialAxes);
  Ints pads = resolvePoolPads(args.padding, nsp);
  Ints stride = makeTuple(args.stride, nsp, "stride");
  Ints dilation = makeTuple(args.dilation, nsp, "dilation");
  Ints outputPadding = makeTuple(args.outputPadding, nsp, "output_padding");

  bool strided = std::ranges::any_of(stride, [](int64_t s) { return s > 1; });
  Tensor in = strided ? stuffZeros(x, stride) : x;
  // Pads stay in the flat form (last axis first): a full (k-1)*d border less
  // the forward padding, plus output_padding at the end.
  Ints convPads;
  for (size_t f = 0; f < nsp; ++f) {
    size_t axis = nsp - 1 - f;
    int64_t border = (kernel[axis] - 1) * dilation[axis];
    convPads.push_back(border - pads[2 * f]);
    convPads.push_back(border - pads[2 * f + 1] + outputPadding[axis]);
  }
  return conv2d(
      in, w.flatten(0, 1),
      {.bias = args.bias, .groups = args.groups, .dilation = dilation, .padding = convPads});
}

} // namespace uops
