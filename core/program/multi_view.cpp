#include "core/program/multi_view.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/runtime/tensor_movement.h"

namespace uops::program {
namespace {

// The value's shape with the shard axis split into (n, size/n), and the
// order that brings the n to the front.
struct Split {
  Shape shape;
  Ints toFront;
};

Split splitAxis(const Shape& shape, int64_t n, int64_t axis) {
  Split s;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (static_cast<int64_t>(k) == axis) {
      s.shape.push_back(n);
      s.shape.push_back(shape[k] / n);
    } else {
      s.shape.push_back(shape[k]);
    }
  }
  s.toFront.push_back(axis);
  for (int64_t k = 0; k < static_cast<int64_t>(s.shape.size()); ++k)
    if (k != axis) s.toFront.push_back(k);
  return s;
}

Ints inverse(const Ints& order) {
  Ints out(order.size());
  for (size_t i = 0; i < order.size(); ++i) out[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  return out;
}

Shape prepend(int64_t n, const Shape& shape) {
  Shape out{n};
  out.insert(out.end(), shape.begin(), shape.end());
  return out;
}

} // namespace

MultiView multiView(int64_t id, DType dtype, const Shape& shape, const std::vector<std::string>& devices,
                    std::optional<int64_t> axis) {
  auto n = static_cast<int64_t>(devices.size());
  int64_t numel = shapeProduct(shape);
  UOpPtr leaf = buffer(id, dtype, axis ? numel / n : numel, DeviceArg{devices});
  if (!axis) {
    UOpPtr copies = reshape(leaf, prepend(n, shape));
    return {leaf, reshape(UOp::make(Op::Replicated, dtype, {copies}, Ints{0}), shape)};
  }
  Split s = splitAxis(shape, n, *axis);
  Shape front;
  for (int64_t k : s.toFront) front.push_back(s.shape[static_cast<size_t>(k)]);
  return {leaf, reshape(permute(reshape(leaf, front), inverse(s.toFront)), shape)};
}

HostTensor multiLeafData(const HostTensor& value, int64_t devices, std::optional<int64_t> axis) {
  if (!axis) {
    Shape many = prepend(devices, value.shape());
    HostTensor copies = expandTensor(reshapeTensor(value, prepend(1, value.shape())), many);
    return copies.withShape(Shape{copies.numel()});
  }
  Split s = splitAxis(value.shape(), devices, *axis);
  HostTensor shards = permuteTensor(reshapeTensor(value, s.shape), s.toFront);
  return shards.withShape(Shape{shards.numel()});
}

} // namespace uops::program
