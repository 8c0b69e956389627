#include "core/numpy/ndarray.h"

namespace uops::numpy {

int64_t elementCount(const NpShape& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

NpShape stridesOf(const NpShape& shape) {
  NpShape strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;)
    strides[i - 1] = strides[i] * shape[i];
  return strides;
}

NdArray NdArray::filled(NpType dtype, NpShape shape, double value) {
  int64_t n = elementCount(shape);
  return {dtype, std::move(shape), std::vector<double>(static_cast<size_t>(n), castTo(dtype, value))};
}

NdArray NdArray::of(NpType dtype, NpShape shape, std::vector<double> values) {
  for (double& v : values)
    v = castTo(dtype, v);
  return {dtype, std::move(shape), std::move(values)};
}

NdArray NdArray::astype(NpType to) const { return of(to, shape, data); }

} // namespace uops::numpy
