// numpy's text for arrays and scalars (numpy 1.24's defaults: precision 8,
// line width 75, summarised past 1000 elements with 3 at each edge).
#pragma once

#include "core/numpy/ndarray.h"

#include <string>

namespace uops::numpy {

std::string arrayRepr(const NdArray& a); // array([1., 2.], dtype=float32)
std::string arrayStr(const NdArray& a);  // [1. 2.]
// A numpy scalar as numpy 1.24 prints it (repr and str alike): 1.5, 3, True.
std::string scalarText(NpType dtype, double value);

} // namespace uops::numpy
