// The element types numpy arrays have here, numpy's promotion between them,
// and the conversion of a value into each.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace uops::numpy {

// Ordered by numpy's kind (bool < unsigned/signed int < float), then size.
enum class NpType : uint8_t { Bool, UInt8, Int32, Int64, Float32, Float64 };

std::string_view typeName(NpType t); // "float32", as numpy's dtype prints
// numpy's names and the Python types standing for them ("float" is float64,
// "int" int64, "f4", "i8", "uint8", ...); nullopt for anything else.
std::optional<NpType> typeNamed(std::string_view name);

bool isFloat(NpType t);
bool isInteger(NpType t); // not bool
int kindOf(NpType t);     // 0 bool, 1 integer, 2 float

// numpy.result_type of two arrays' dtypes (float32 with int32 is float64).
NpType promote(NpType a, NpType b);
// An array of dtype `array` with a Python or 0-d operand of dtype `scalar`:
// numpy 1.x's value-based casting keeps the array's dtype unless the scalar
// is of a higher kind (an int array times 0.5 is float64, a float32 array
// times 2.0 stays float32).
NpType promoteWithScalar(NpType array, NpType scalar);

// `v` stored as a `t`: float32 rounds, integers truncate toward zero and
// wrap (astype's C casts), bool is v != 0.
double castTo(NpType t, double v);

} // namespace uops::numpy
