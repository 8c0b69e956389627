// DType: scalar element types, vectors and pointers (codegen), with tinygrad's names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace uops {

// In promotion-lattice order within each family; tinygrad's scalar set.
enum class ScalarType : uint8_t {
  Void,
  Bool,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  BFloat16,
  Float32,
  Float64,
  Index, // the index type of ranges and address math: an unbounded integer, int64 when rendered
};

// Where a pointer points (a Buffer's addrspace).
enum class AddrSpace : uint8_t { Global, Local, Reg };

std::string_view addrSpaceName(AddrSpace space); // "GLOBAL", "LOCAL", "REG"
std::optional<AddrSpace> addrSpaceFromName(std::string_view name);

// A value type: equal dtypes compare equal. `count` > 1 is a vector of scalars;
// a pointer dtype points at `count`-wide elements, `ptrSize` of them (-1: unknown).
struct DType {
  ScalarType scalar = ScalarType::Void;
  uint16_t count = 1;
  bool isPtr = false;
  AddrSpace addrSpace = AddrSpace::Global;
  int64_t ptrSize = -1;

  constexpr DType() = default;
  constexpr DType(ScalarType s) : scalar(s) {} // NOLINT: scalars convert implicitly

  constexpr DType vec(int n) const {
    DType d = *this;
    d.count = static_cast<uint16_t>(n);
    return d;
  }
  constexpr DType ptr(int64_t size = -1, AddrSpace space = AddrSpace::Global) const {
    DType d = *this;
    d.isPtr = true;
    d.ptrSize = size;
    d.addrSpace = space;
    return d;
  }
  // The pointee (for pointers) or the scalar (for vectors).
  constexpr DType base() const {
    DType d = *this;
    d.isPtr = false;
    d.ptrSize = -1;
    d.addrSpace = AddrSpace::Global;
    return d;
  }
  constexpr DType scalarType() const { return DType(scalar); }

  bool isFloat() const;
  bool isInt() const; // signed, unsigned or index
  bool isUnsigned() const;
  bool isBool() const { return scalar == ScalarType::Bool; }
  bool isVoid() const { return scalar == ScalarType::Void; }
  int itemSize() const; // bytes of one scalar (index: 8)
  int bits() const { return itemSize() * 8; }

  friend constexpr bool operator==(const DType&, const DType&) = default;
};

namespace dtypes {
inline constexpr DType void_ = ScalarType::Void;
inline constexpr DType bool_ = ScalarType::Bool;
inline constexpr DType int8 = ScalarType::Int8;
inline constexpr DType int16 = ScalarType::Int16;
inline constexpr DType int32 = ScalarType::Int32;
inline constexpr DType int64 = ScalarType::Int64;
inline constexpr DType uint8 = ScalarType::UInt8;
inline constexpr DType uint16 = ScalarType::UInt16;
inline constexpr DType uint32 = ScalarType::UInt32;
inline constexpr DType uint64 = ScalarType::UInt64;
inline constexpr DType float16 = ScalarType::Float16;
inline constexpr DType bfloat16 = ScalarType::BFloat16;
inline constexpr DType float32 = ScalarType::Float32;
inline constexpr DType float64 = ScalarType::Float64;
inline constexpr DType index = ScalarType::Index;
} // namespace dtypes

// tinygrad's short scalar names: "float", "half", "int", "uchar", "bool", "index", ...
std::string_view scalarName(ScalarType s);
// numpy-style names used by the run --json contract: "float32", "int64", "bool", ...
std::string_view scalarNumpyName(ScalarType s);
// Accepts both naming schemes.
std::optional<ScalarType> scalarFromName(std::string_view name);

// tinygrad's repr: dtypes.float, dtypes.float.vec(4), dtypes.float.ptr(16),
// dtypes.float.ptr(16, LOCAL).
std::string toString(const DType& d);
// Parses what toString prints; nullopt on anything else.
std::optional<DType> parseDType(std::string_view text);

size_t hashValue(const DType& d);

} // namespace uops
