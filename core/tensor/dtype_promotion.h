// tinygrad's dtype promotion lattice, with the weak dtypes of Python constants.
//
// Python constants are "weak": `x * 2` keeps x's dtype because weakint sits
// below every concrete integer. Results that stay weak (bool tensor + 1, int
// tensor * 2.5) are stored in the default dtypes, int32 and float32.
#pragma once

#include "core/ir/arg.h"
#include "core/ir/dtype.h"

#include <cstdint>
#include <string>

namespace uops {

// Lattice positions in tinygrad's priority order, so the least upper bound of
// a set of types is the smallest common ancestor.
enum class PromoType : uint8_t {
  Bool,
  WeakInt,
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  WeakFloat,
  Float16,
  BFloat16,
  Float32,
  Float64,
};

PromoType promoTypeOf(DType dtype, bool weak = false); // throws TensorError for void/index
DType materialize(PromoType t);                        // weakint -> int32, weakfloat -> float32
bool isWeak(PromoType t);
bool isFloatType(PromoType t);
bool isIntType(PromoType t);            // signed, unsigned or weakint
std::string promoTypeName(PromoType t); // tinygrad's repr: "dtypes.weakint", "dtypes.float"

PromoType leastUpperType(PromoType a, PromoType b);
DType leastUpperDType(DType a, DType b);
// The float a transcendental op computes in: ints and bool -> float32, weakint -> weakfloat.
PromoType leastUpperFloat(PromoType t);
// tinygrad's sum_acc_dtype: unsigned at least uint32, ints and bool at least
// int32, floats at least float32.
DType sumAccDType(DType dtype);

// The smallest and largest value of a scalar dtype as a Python value: floats
// -inf and inf, bool False and True, integers exactly (uint64's maximum by its
// bit pattern, -1, as ConstValue stores it).
ConstValue dtypeMin(DType dtype);
ConstValue dtypeMax(DType dtype);

} // namespace uops
