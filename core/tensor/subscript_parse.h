// Internal: a Python subscript's items parsed against a tensor's axes, shared
// by getitem (the view an index reads) and setitem (the view it writes).
#pragma once

#include "core/tensor/tensor.h"

#include <optional>
#include <vector>

namespace uops::tensor_detail {

// One subscript after parsing: the view it keeps of its axis.
struct SubscriptView {
  int64_t size = 1;       // the axis size after the view
  int64_t lo = 0, hi = 1; // boundary kept before striding
  int64_t stride = 1;     // negative: reversed
  bool collapse = false;  // an int index removes the axis
  bool newAxis = false;   // None adds an axis
  std::optional<Tensor> tensor;
};

// Python's slice.indices(size) and tinygrad's boundary / size from it.
SubscriptView parseSlice(const Slice& s, int64_t size);
// An int index, negative from the end; out of bounds fails.
SubscriptView parseInt(int64_t index, int64_t size);
// Ellipsis becomes as many full slices as the tensor has unindexed axes.
std::vector<Index> normalizeSubscripts(const std::vector<Index>& indices, int64_t ndim);

} // namespace uops::tensor_detail
