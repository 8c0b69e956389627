// NdArray: a numpy array's value: dtype, shape and contiguous row-major data.
//
// Elements are kept as doubles, each already converted to the dtype
// (castTo), so every dtype here is exact except int64 past 2^53.
#pragma once

#include "core/numpy/np_dtype.h"

#include <cstdint>
#include <vector>

namespace uops::numpy {

using NpShape = std::vector<int64_t>;

int64_t elementCount(const NpShape& shape);
NpShape stridesOf(const NpShape& shape); // in elements, row-major

struct NdArray {
  NpType dtype = NpType::Float64;
  NpShape shape;
  std::vector<double> data;

  int64_t size() const { return static_cast<int64_t>(data.size()); }
  int ndim() const { return static_cast<int>(shape.size()); }

  static NdArray filled(NpType dtype, NpShape shape, double value);
  // The values converted to dtype.
  static NdArray of(NpType dtype, NpShape shape, std::vector<double> values);
  NdArray astype(NpType to) const;
};

} // namespace uops::numpy
