// The C++ element type of each integer dtype, for the reference evaluator's
// typed loops (tensor_elementwise.cpp, fused_reduce_typed.cpp).
#pragma once

#include "core/ir/dtype.h"

#include <cstdint>

namespace uops {

// Calls f.template operator()<T>() with T the element type of integer dtype
// t (int8_t ... uint64_t) and returns true; false for any other dtype (bool,
// floats, index), f not called.
template <class F> bool withIntegerType(ScalarType t, F&& f) {
  switch (t) {
  case ScalarType::Int8: f.template operator()<int8_t>(); return true;
  case ScalarType::Int16: f.template operator()<int16_t>(); return true;
  case ScalarType::Int32: f.template operator()<int32_t>(); return true;
  case ScalarType::Int64: f.template operator()<int64_t>(); return true;
  case ScalarType::UInt8: f.template operator()<uint8_t>(); return true;
  case ScalarType::UInt16: f.template operator()<uint16_t>(); return true;
  case ScalarType::UInt32: f.template operator()<uint32_t>(); return true;
  case ScalarType::UInt64: f.template operator()<uint64_t>(); return true;
  default: return false;
  }
}

} // namespace uops
