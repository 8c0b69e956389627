// max_unpool2d: the pooled values scattered back by a one-hot of their indices.
#include "core/nn/pool.h"

#include "core/ir/shape.h"
#include "core/nn/nn_helpers.h"

#include <fmt/format.h>

namespace uops {
using namespace nn_detail;

Tensor maxUnpool2d(const Tensor& x, const Tensor& indices, const MaxUnpool2dArgs& args) {
  if (x.ndim() < 3) fail(fmt::format("can't unpool {}", toString(x.shape())));
  const Shape& shape = x.shape();
  size_t dims = shape.size() - 2;
  Shape spatial;
  if (args.outputSize) {
    if (args.outputSize->size() < dims)
      fail(fmt::format("output_size needs {} spatial sizes", dims));
    spatial.assign(args.outputSize->end() - static_cast<std::ptrdiff_t>(dims), args.outputSize->end());
  } else {
    Ints kernel = makeTuple(args.kernelSize, dims, "kernel_size");
    Ints dilation = makeTuple(args.dilation, dims, "dilation");
    Ints stride = makeTuple(args.stride.isNone() ? args.kernelSize : args.stride, dims, "stride");
    Ints pads = resolvePoolPads(args.padding, dims); // flat, from the last axis
    for (size_t i = 0; i < dims; ++i) {
      size_t flat = 2 * (dims - 1 - i);
      spatial.push_back((shape[2 + i] - 1) * stride[i] - (pads[flat] + pads[flat + 1]) +
                        dilation[i] * (kernel[i] - 1) + 1);
    }
  }
  int64_t bs = shape[0], c = shape[1], n = shapeProduct(spatial);
  Tensor hits = indices.reshape({bs, c, 1, -1}).eq(Tensor::arange(n).reshape({1, 1, n, 1}));
  Shape out{bs, c};
  out.insert(out.end(), spatial.begin(), spatial.end());
  return hits.where(x.reshape({bs, c, 1, -1}), 0).sum(3).reshape(out);
}

} // namespace uops
