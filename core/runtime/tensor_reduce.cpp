#include "core/runtime/tensor_reduce.h"

#include "core/ir/shape.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/strides.h"

#include <stdexcept>

#include <fmt/format.h>

namespace uops {

void checkReduce(Op op, const Ints& axes, size_t rank) {
  if (op != Op::Add && op != Op::Max && op != Op::Mul)
    throw std::invalid_argument(
        fmt::format("Reduce with {}: only Add, Max and Mul reduce", opName(op)));
  for (int64_t axis : axes)
    if (axis < 0 || static_cast<size_t>(axis) >= rank)
      throw std::invalid_argument(fmt::format("Reduce axis {} out of range for rank {}", axis, rank));
}

HostTensor reduceTensor(const HostTensor& in, Op op, const Ints& axes) {
  int64_t i = 0;
  return reduceElements(in.dtype(), in.shape(), op, axes,
                        [&](const std::vector<int64_t>&) { return ElementRef{&in, i++}; });
}

HostTensor reduceElements(DType dtype, const Shape& inShape, Op op, const Ints& axes,
                          const ElementAt& element, const std::function<void()>& poll) {
  checkReduce(op, axes, inShape.size());
  Shape shape = inShape;
  for (int64_t axis : axes)
    shape[static_cast<size_t>(axis)] = 1;
  // The input element at `index` accumulates into output `target`: reduced
  // axes do not move it. An odometer walks the input in row-major order.
  Strides strides = reduceTargetStrides(inShape, axes);
  HostTensor out(dtype, shape);
  int64_t n = shapeProduct(inShape);
  bool isFloat = dtype.isFloat();
  ScalarType t = dtype.scalar;
  std::vector<double> floats;
  std::vector<uint64_t> ints;
  if (isFloat)
    floats.assign(static_cast<size_t>(out.numel()), floatIdentity(op));
  else
    ints.assign(static_cast<size_t>(out.numel()), intIdentity(op, t));
  std::vector<int64_t> index(inShape.size(), 0);
  int64_t target = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (poll && (i & 0xFFFFF) == 0) poll();
    ElementRef e = element(index);
    if (isFloat) {
      double& a = floats[static_cast<size_t>(target)];
      a = floatOp(op, t, a, e.tensor->getDouble(e.index));
    } else {
      uint64_t& a = ints[static_cast<size_t>(target)];
      a = intOp(op, t, a, e.tensor->getUInt(e.index));
    }
    for (size_t k = inShape.size(); k-- > 0;) {
      target += strides[k];
      if (++index[k] < inShape[k]) break;
      target -= strides[k] * inShape[k];
      index[k] = 0;
    }
  }
  for (size_t i = 0; i < floats.size(); ++i)
    out.setDouble(static_cast<int64_t>(i), floats[i]);
  for (size_t i = 0; i < ints.size(); ++i)
    out.setUInt(static_cast<int64_t>(i), ints[i]);
  return out;
}

} // namespace uops
