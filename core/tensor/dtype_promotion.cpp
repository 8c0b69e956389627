#include "core/tensor/dtype_promotion.h"

#include "core/tensor/tensor.h"

#include <array>
#include <limits>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr int kTypes = 15;
using TypeSet = uint32_t; // bit i: PromoType i

constexpr TypeSet bit(PromoType t) {
  return TypeSet{1} << static_cast<int>(t);
}

// The direct parents in the lattice (jax's type promotion, no complex and no fp8).
constexpr TypeSet parents(PromoType t) {
  switch (t) {
  case PromoType::Bool:
    return bit(PromoType::WeakInt);
  case PromoType::WeakInt:
    return bit(PromoType::Int8) | bit(PromoType::UInt8);
  case PromoType::Int8:
    return bit(PromoType::Int16);
  case PromoType::UInt8:
    return bit(PromoType::Int16) | bit(PromoType::UInt16);
  case PromoType::Int16:
    return bit(PromoType::Int32);
  case PromoType::UInt16:
    return bit(PromoType::Int32) | bit(PromoType::UInt32);
  case PromoType::Int32:
    return bit(PromoType::Int64);
  case PromoType::UInt32:
    return bit(PromoType::Int64) | bit(PromoType::UInt64);
  case PromoType::Int64:
    return bit(PromoType::WeakFloat);
  case PromoType::UInt64:
    return bit(PromoType::WeakFloat);
  case PromoType::WeakFloat:
    return bit(PromoType::Float16) | bit(PromoType::BFloat16);
  case PromoType::Float16:
    return bit(PromoType::Float32);
  case PromoType::BFloat16:
    return bit(PromoType::Float32);
  case PromoType::Float32:
    return bit(PromoType::Float64);
  case PromoType::Float64:
    return 0;
  }
  return 0;
}

// Every ancestor including the type itself. Parents always come later in the
// enum, so one backwards sweep closes the sets.
constexpr std::array<TypeSet, kTypes> ancestorTable() {
  std::array<TypeSet, kTypes> up{};
  for (int i = kTypes - 1; i >= 0; --i) {
    auto t = static_cast<PromoType>(i);
    up[static_cast<size_t>(i)] = bit(t);
    for (int p = i + 1; p < kTypes; ++p)
      if (parents(t) & bit(static_cast<PromoType>(p)))
        up[static_cast<size_t>(i)] |= up[static_cast<size_t>(p)];
  }
  return up;
}
constexpr std::array<TypeSet, kTypes> kAncestors = ancestorTable();

} // namespace

PromoType promoTypeOf(DType dtype, bool weak) {
  switch (dtype.scalar) {
  case ScalarType::Bool:
    return PromoType::Bool;
  case ScalarType::Int8:
    return PromoType::Int8;
  case ScalarType::Int16:
    return PromoType::Int16;
  case ScalarType::Int32:
    return weak ? PromoType::WeakInt : PromoType::Int32;
  case ScalarType::Int64:
    return PromoType::Int64;
  case ScalarType::UInt8:
    return PromoType::UInt8;
  case ScalarType::UInt16:
    return PromoType::UInt16;
  case ScalarType::UInt32:
    return PromoType::UInt32;
  case ScalarType::UInt64:
    return PromoType::UInt64;
  case ScalarType::Float16:
    return PromoType::Float16;
  case ScalarType::BFloat16:
    return PromoType::BFloat16;
  case ScalarType::Float32:
    return weak ? PromoType::WeakFloat : PromoType::Float32;
  case ScalarType::Float64:
    return PromoType::Float64;
  case ScalarType::Void:
  case ScalarType::Index:
    break;
  }
  throw TensorError(fmt::format("{} is not a tensor dtype", toString(dtype)));
}

DType materialize(PromoType t) {
  switch (t) {
  case PromoType::Bool:
    return dtypes::bool_;
  case PromoType::WeakInt:
    return dtypes::int32;
  case PromoType::Int8:
    return dtypes::int8;
  case PromoType::UInt8:
    return dtypes::uint8;
  case PromoType::Int16:
    return dtypes::int16;
  case PromoType::UInt16:
    return dtypes::uint16;
  case PromoType::Int32:
    return dtypes::int32;
  case PromoType::UInt32:
    return dtypes::uint32;
  case PromoType::Int64:
    return dtypes::int64;
  case PromoType::UInt64:
    return dtypes::uint64;
  case PromoType::WeakFloat:
    return dtypes::float32;
  case PromoType::Float16:
    return dtypes::float16;
  case PromoType::BFloat16:
    return dtypes::bfloat16;
  case PromoType::Float32:
    return dtypes::float32;
  case PromoType::Float64:
    return dtypes::float64;
  }
  return dtypes::void_;
}

bool isWeak(PromoType t) {
  return t == PromoType::WeakInt || t == PromoType::WeakFloat;
}
bool isFloatType(PromoType t) {
  return t >= PromoType::WeakFloat;
}
bool isIntType(PromoType t) {
  return t > PromoType::Bool && t < PromoType::WeakFloat;
}

std::string promoTypeName(PromoType t) {
  if (t == PromoType::WeakInt) return "dtypes.weakint";
  if (t == PromoType::WeakFloat) return "dtypes.weakfloat";
  return toString(materialize(t));
}

PromoType leastUpperType(PromoType a, PromoType b) {
  TypeSet common = kAncestors[static_cast<size_t>(a)] & kAncestors[static_cast<size_t>(b)];
  for (int i = 0; i < kTypes; ++i)
    if (common & bit(static_cast<PromoType>(i))) return static_cast<PromoType>(i);
  return PromoType::Float64; // float64 is everyone's ancestor; not reached
}

DType leastUpperDType(DType a, DType b) {
  return materialize(leastUpperType(promoTypeOf(a), promoTypeOf(b)));
}

PromoType leastUpperFloat(PromoType t) {
  if (t == PromoType::WeakInt) return PromoType::WeakFloat;
  if (isFloatType(t)) return t;
  return leastUpperType(t, PromoType::Float32);
}

DType sumAccDType(DType dtype) {
  if (dtype.isUnsigned()) return leastUpperDType(dtype, dtypes::uint32);
  if (dtype.isInt() || dtype.isBool()) return leastUpperDType(dtype, dtypes::int32);
  return leastUpperDType(dtype, dtypes::float32);
}

ConstValue dtypeMin(DType dtype) {
  if (dtype.isFloat()) return -std::numeric_limits<double>::infinity();
  if (dtype.isBool()) return false;
  if (dtype.isUnsigned()) return int64_t{0};
  if (dtype.bits() == 64) return std::numeric_limits<int64_t>::min();
  return -(int64_t{1} << (dtype.bits() - 1));
}

ConstValue dtypeMax(DType dtype) {
  if (dtype.isFloat()) return std::numeric_limits<double>::infinity();
  if (dtype.isBool()) return true;
  if (dtype.bits() == 64)
    return dtype.isUnsigned() ? int64_t{-1} : std::numeric_limits<int64_t>::max();
  if (dtype.isUnsigned()) return (int64_t{1} << dtype.bits()) - 1;
  return (int64_t{1} << (dtype.bits() - 1)) - 1;
}

} // namespace uops
