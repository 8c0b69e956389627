// numpy indexing: ints, slices, None, Ellipsis, one integer array (or list)
// per index, and boolean masks, resolved to the flat positions they select.
#pragma once

#include "core/frontend/value.h"
#include "core/numpy/ndarray.h"

namespace uops::numpy {

struct Selection {
  NpShape shape;                  // of the result
  std::vector<int64_t> positions; // flat source positions, row-major in the result
};

// Throws ScriptError as numpy words it ("index 5 is out of bounds for axis 0
// with size 3", "too many indices for array").
Selection select(const NdArray& a, const frontend::Value& index);
NdArray gather(const NdArray& a, const Selection& s);

} // namespace uops::numpy
