#include "core/runtime/strides.h"

#include "core/ir/shape.h"

namespace uops {

Strides rowMajorStrides(const Shape& shape) {
  Strides strides(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;)
    strides[k - 1] = strides[k] * shape[k];
  return strides;
}

Strides reduceTargetStrides(const Shape& shape, const Ints& axes) {
  Shape reduced = shape;
  for (int64_t axis : axes)
    reduced[static_cast<size_t>(axis)] = 1;
  Strides strides = rowMajorStrides(reduced);
  for (int64_t axis : axes)
    strides[static_cast<size_t>(axis)] = 0;
  return strides;
}

std::vector<int64_t> stridedOffsets(const Shape& shape, const Strides& strides, int64_t offset) {
  int64_t n = shapeProduct(shape);
  std::vector<int64_t> out;
  if (n <= 0) return out;
  out.reserve(static_cast<size_t>(n));
  // An odometer: bump the last axis, carry into the ones before it.
  std::vector<int64_t> index(shape.size(), 0);
  int64_t at = offset;
  for (int64_t i = 0; i < n; ++i) {
    out.push_back(at);
    for (size_t k = shape.size(); k-- > 0;) {
      at += strides[k];
      if (++index[k] < shape[k]) break;
      at -= strides[k] * shape[k];
      index[k] = 0;
    }
  }
  return out;
}

} // namespace uops
