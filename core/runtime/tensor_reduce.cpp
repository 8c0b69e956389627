#include "core/runtime/tensor_reduce.h"

#include "core/runtime/scalar_ops.h"
#include "core/runtime/strides.h"

#include <stdexcept>

#include <fmt/format.h>

namespace uops {

HostTensor reduceTensor(const HostTensor& in, Op op, const Ints& axes) {
  if (op != Op::Add && op != Op::Max && op != Op::Mul)
    throw std::invalid_argument(
        fmt::format("Reduce with {}: only Add, Max and Mul reduce", opName(op)));
  Shape shape = in.shape();
  for (int64_t axis : axes) {
    if (axis < 0 || static_cast<size_t>(axis) >= shape.size())
      throw std::invalid_argument(
          fmt::format("Reduce axis {} out of range for rank {}", axis, shape.size()));
    shape[static_cast<size_t>(axis)] = 1;
  }
  // Input element i accumulates into output targets[i]: reduced axes do not move it.
  Strides strides = rowMajorStrides(shape);
  for (int64_t axis : axes)
    strides[static_cast<size_t>(axis)] = 0;
  std::vector<int64_t> targets = stridedOffsets(in.shape(), strides);

  HostTensor out(in.dtype(), shape);
  ScalarType t = in.dtype().scalar;
  if (in.dtype().isFloat()) {
    std::vector<double> acc(static_cast<size_t>(out.numel()), floatIdentity(op));
    for (size_t i = 0; i < targets.size(); ++i) {
      double& a = acc[static_cast<size_t>(targets[i])];
      a = floatOp(op, t, a, in.getDouble(static_cast<int64_t>(i)));
    }
    for (size_t i = 0; i < acc.size(); ++i)
      out.setDouble(static_cast<int64_t>(i), acc[i]);
    return out;
  }
  std::vector<uint64_t> acc(static_cast<size_t>(out.numel()), intIdentity(op, t));
  for (size_t i = 0; i < targets.size(); ++i) {
    uint64_t& a = acc[static_cast<size_t>(targets[i])];
    a = intOp(op, t, a, in.getUInt(static_cast<int64_t>(i)));
  }
  for (size_t i = 0; i < acc.size(); ++i)
    out.setUInt(static_cast<int64_t>(i), acc[i]);
  return out;
}

} // namespace uops
