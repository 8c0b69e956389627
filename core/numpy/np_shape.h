// Shape changes: reshape (one -1 inferred), transpose, concatenate, stack.
#pragma once

#include "core/numpy/ndarray.h"

#include <vector>

namespace uops::numpy {

NdArray reshape(const NdArray& a, NpShape shape); // numpy's "cannot reshape array of size 6 into shape (4,)"
NdArray transpose(const NdArray& a, std::vector<int64_t> axes); // empty: reversed
NdArray concatenate(const std::vector<NdArray>& arrays, int64_t axis);
NdArray stack(const std::vector<NdArray>& arrays, int64_t axis);

} // namespace uops::numpy
