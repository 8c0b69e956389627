// Reductions over all elements or one axis: sum and mean with numpy's
// pairwise summation (so float32 sums round as numpy's do), max, min,
// argmax, argmin, any, all.
#pragma once

#include "core/numpy/ndarray.h"

#include <optional>
#include <string_view>

namespace uops::numpy {

enum class Reduction { Sum, Mean, Max, Min, ArgMax, ArgMin, Any, All, Prod };

// `axis` nullopt reduces every element (a 0-d result); a negative axis
// counts from the end. Throws ScriptError for an axis out of range or the
// max of an empty array.
NdArray reduce(const NdArray& a, Reduction r, std::optional<int64_t> axis, bool keepdims);

// numpy's var: the mean of squared deviations from the mean, divided by
// n - ddof, each step in numpy's dtypes and summation order; std is its root.
NdArray variance(const NdArray& a, std::optional<int64_t> axis, bool keepdims, int64_t ddof, bool root);

int64_t normalizeAxis(int64_t axis, int64_t ndim); // numpy's AxisError message

} // namespace uops::numpy
