#include "core/numpy/np_dtype.h"

#include <cmath>
#include <utility>

namespace uops::numpy {

std::string_view typeName(NpType t) {
  switch (t) {
  case NpType::Bool: return "bool";
  case NpType::UInt8: return "uint8";
  case NpType::Int32: return "int32";
  case NpType::Int64: return "int64";
  case NpType::Float32: return "float32";
  case NpType::Float64: return "float64";
  }
  return "?";
}

std::optional<NpType> typeNamed(std::string_view name) {
  static constexpr std::pair<std::string_view, NpType> names[] = {
      {"bool", NpType::Bool},       {"bool_", NpType::Bool},       {"?", NpType::Bool},
      {"uint8", NpType::UInt8},     {"u1", NpType::UInt8},         {"ubyte", NpType::UInt8},
      {"int32", NpType::Int32},     {"i4", NpType::Int32},         {"intc", NpType::Int32},
      {"int64", NpType::Int64},     {"i8", NpType::Int64},         {"int", NpType::Int64},
      {"int_", NpType::Int64},      {"long", NpType::Int64},       {"float32", NpType::Float32},
      {"f4", NpType::Float32},      {"single", NpType::Float32},   {"float64", NpType::Float64},
      {"f8", NpType::Float64},      {"float", NpType::Float64},    {"float_", NpType::Float64},
      {"double", NpType::Float64},
  };
  for (const auto& [n, t] : names)
    if (n == name) return t;
  return std::nullopt;
}

bool isFloat(NpType t) { return t == NpType::Float32 || t == NpType::Float64; }
bool isInteger(NpType t) { return t == NpType::UInt8 || t == NpType::Int32 || t == NpType::Int64; }
int kindOf(NpType t) { return t == NpType::Bool ? 0 : isFloat(t) ? 2 : 1; }

NpType promote(NpType a, NpType b) {
  if (a == b) return a;
  if (a > b) std::swap(a, b); // a is the lower
  if (a == NpType::Bool) return b;
  // float32 holds uint8 exactly, not int32 or int64
  if (b == NpType::Float32) return a == NpType::UInt8 ? NpType::Float32 : NpType::Float64;
  return b;
}

NpType promoteWithScalar(NpType array, NpType scalar) {
  if (kindOf(scalar) <= kindOf(array)) return array;
  if (kindOf(scalar) == 1) return NpType::Int64;
  return NpType::Float64;
}

double castTo(NpType t, double v) {
  switch (t) {
  case NpType::Bool: return v != 0 ? 1.0 : 0.0;
  case NpType::Float32: return static_cast<double>(static_cast<float>(v));
  case NpType::Float64: return v;
  case NpType::UInt8:
  case NpType::Int32:
  case NpType::Int64: break;
  }
  if (!std::isfinite(v)) return t == NpType::Int64 ? -9223372036854775808.0 : t == NpType::Int32 ? -2147483648.0 : 0.0;
  double w = std::trunc(v);
  if (t == NpType::UInt8) return static_cast<double>(static_cast<uint8_t>(static_cast<int64_t>(std::fmod(w, 256.0))));
  if (t == NpType::Int32) return static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(static_cast<int64_t>(std::fmod(w, 4294967296.0)))));
  return w;
}

} // namespace uops::numpy
