// MinMax: the min_max derived property, an interval of values a UOp can take.
#pragma once

#include "core/ir/dtype.h"

#include <string>

namespace uops {

// Integers (and bools, as 0/1) are exact in 128 bits, enough for every value of
// every integer dtype including uint64; floats use double with +-inf.
struct MinMax {
  bool isFloat = false;
  __int128 lo = 0, hi = 0; // integer and bool dtypes
  double flo = 0, fhi = 0; // float dtypes

  static MinMax ints(__int128 lo, __int128 hi) { return {false, lo, hi, 0, 0}; }
  static MinMax floats(double lo, double hi) { return {true, 0, 0, lo, hi}; }
  bool isConst() const { return isFloat ? flo == fhi : lo == hi; }
  double loAsDouble() const { return isFloat ? flo : static_cast<double>(lo); }
  double hiAsDouble() const { return isFloat ? fhi : static_cast<double>(hi); }
  friend bool operator==(const MinMax&, const MinMax&) = default;
};

// [dtype_min, dtype_max]: the default min_max. index is treated as int64.
MinMax dtypeRange(const DType& d);
std::string toString(const MinMax& m); // "[0, 15]"
std::string int128ToString(__int128 v);

} // namespace uops
