// Row-major strides and strided walks: the index arithmetic under every
// movement op and under broadcasting and reduction.
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <vector>

namespace uops {

using Strides = std::vector<int64_t>;

// Elements between neighbours along each axis of a contiguous row-major tensor.
Strides rowMajorStrides(const Shape& shape);

// The output element each element of `shape` reduces into over `axes`, as
// strides: the reduced axes' strides are 0, the others the reduced shape's.
Strides reduceTargetStrides(const Shape& shape, const Ints& axes);

// For each element of `shape` in row-major order, offset + sum(index_k * strides_k).
// A stride of 0 repeats an element (broadcast); a negative one walks backwards (flip).
std::vector<int64_t> stridedOffsets(const Shape& shape, const Strides& strides, int64_t offset = 0);

} // namespace uops
