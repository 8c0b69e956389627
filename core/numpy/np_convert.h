// Python values <-> numpy arrays: np.array's reading of nested lists, the
// dtype argument's spellings, tolist() and item().
#pragma once

#include "core/frontend/value.h"
#include "core/numpy/ndarray.h"

#include <optional>

namespace uops::numpy {

using frontend::Value;

// `dtype=`: None, np.float32, np.dtype('int32'), 'float32', float, int, bool.
std::optional<NpType> toDtype(const Value& v);
// An array from a number, nested lists and tuples of numbers, or an array;
// numpy's inference without `dtype` (bools, then int64, then float64).
NdArray toArray(const Value& v, std::optional<NpType> dtype = std::nullopt);
// Whether an operand counts as a scalar for promotion (a Python number, a
// numpy scalar, a 0-d array).
bool isWeakOperand(const Value& v);

Value pythonScalar(NpType dtype, double v); // item(): int, float or bool
Value toList(const NdArray& a);             // tolist(): nested lists
// A shape argument: an int or a tuple/list of ints.
// Negative entries are refused unless `allowNegative` (reshape's -1, axes).
NpShape toShape(const Value& v, bool allowNegative = false);
Value shapeTuple(const NpShape& shape);

} // namespace uops::numpy
