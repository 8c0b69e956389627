// conv2d: windows of the padded input times the weight, summed over (cin, kernel).
#include "core/nn/conv.h"

#include "core/ir/shape.h"
#include "core/nn/nn_helpers.h"

#include <fmt/format.h>

namespace uops {
using namespace nn_detail;

namespace {

Shape concat(Shape a, const Shape& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

} // namespace

Tensor conv2d(const Tensor& x, const Tensor& weight, const Conv2dArgs& args) {
  const Shape& xs = x.shape();
  const Shape& ws = weight.shape();
  if (ws.size() < 3 || xs.size() < 2)
    fail(fmt::format(
        "conv2d needs a weight (cout, cin, *kernel) and an input (batch, cin, *spatial), "
        "got {} and {}",
        toString(ws), toString(xs)));
  size_t nsp = ws.size() - 2;
  Shape kernel(ws.begin() + 2, ws.end());
  int64_t bs = xs[0], cout = ws[0], cin = ws[1], groups = args.groups;
  Ints pads = resolvePoolPads(args.padding, nsp);
  if (groups * cin != xs[1] || xs.size() != ws.size())
    fail(
        fmt::format("Input Tensor shape {} does not match the shape of the weights {}. ({} vs. {})",
                    toString(xs), toString(ws), groups * cin, xs[1]));
  if (groups <= 0 || cout % groups != 0)
    fail(fmt::format("groups={} must divide the output channels {}", groups, cout));
  int64_t rcout = cout / groups;

  // (bs, groups*cin, *out, *kernel): one window per output position.
  Tensor win = x.padFlat(pads).pool(kernel, makeTuple(args.stride, nsp, "stride"),
                                    makeTuple(args.dilation, nsp, "dilation"));
  Shape out(win.shape().begin() + 2, win.shape().begin() + 2 + static_cast<std::ptrdiff_t>(nsp));
  // Split channels into (groups, cin), broadcast over the rcout filters of a
  // group, and move cin next to the kernel axes so one sum reduces both:
  // (bs, groups, rcout, *out, cin, *kernel).
  Ints order{0, 1, 3};
  for (size_t k = 0; k < nsp; ++k)
    order.push_back(4 + static_cast<int64_t>(k));
  order.push_back(2);
  for (size_t k = 0; k < nsp; ++k)
    order.push_back(4 + static_cast<int64_t>(nsp + k));
  Tensor xw = win.reshape(concat(concat({bs, groups, cin, 1}, out), kernel))
                  .expand(concat(concat({bs, groups, cin, rcout}, out), kernel))
                  .permute(order);
  Tensor w =
      weight.reshape(concat(concat({1, groups, rcout}, Shape(nsp, 1)), concat({cin}, kernel)));
  Tensor ret =
      (xw * w).sum(Axes(lastAxes(1 + nsp)), true, args.dtype).reshape(concat({bs, cout}, out));
  if (!args.bias) return ret;
  return ret + args.bias->reshape(concat({1, -1}, Shape(nsp, 1)));
}

} // namespace uops
