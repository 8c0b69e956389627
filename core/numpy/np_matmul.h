// `a @ b`, np.dot and np.matmul for 1-D and 2-D arrays. Each element sums its
// products in order in the result dtype; numpy hands floats to BLAS, whose
// order can differ in the last place.
#pragma once

#include "core/numpy/ndarray.h"

namespace uops::numpy {

// numpy's message for mismatched inner dimensions; 3-D and up are refused.
NdArray matmul(const NdArray& a, const NdArray& b);

} // namespace uops::numpy
