#include "core/tensor/literal.h"

#include "core/tensor/tensor_impl.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace uops::tensor_detail {
namespace {

template <class T> void appendLE(std::string& out, T v) {
  static_assert(std::endian::native == std::endian::little,
                "literal bytes assume a little-endian host");
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out.append(buf, sizeof(T));
}

} // namespace

double asDouble(const Scalar& s) {
  return std::visit([](auto x) { return static_cast<double>(x); }, s);
}

uint16_t doubleToHalfBits(double v) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return sign | 0x7e00;
  double a = std::fabs(v);
  // 65520 is halfway between the largest half (65504) and 2^16: it and beyond round to inf.
  if (a >= 65520.0) return sign | 0x7c00;
  if (a < std::ldexp(1.0, -14)) {
    // Subnormal: units of 2^-24, rounded half to even by the default rounding mode.
    return sign | static_cast<uint16_t>(std::nearbyint(std::ldexp(a, 24)));
  }
  int e = 0;
  double f = std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
  int exponent = e - 1;
  double mantissa = std::nearbyint((f * 2.0 - 1.0) * 1024.0);
  if (mantissa == 1024.0) {
    mantissa = 0;
    ++exponent;
  }
  if (exponent > 15) return sign | 0x7c00;
  return sign | static_cast<uint16_t>((exponent + 15) << 10) | static_cast<uint16_t>(mantissa);
}

uint16_t floatToBFloat16Bits(float v) {
  uint32_t u = std::bit_cast<uint32_t>(v);
  // Infinities and NaNs keep their top half; finite values round half to even.
  if (!std::isfinite(v)) return static_cast<uint16_t>(u >> 16 | (std::isnan(v) ? 0x40 : 0));
  u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000u;
  return static_cast<uint16_t>(u >> 16);
}

std::string literalBytes(const std::vector<Scalar>& values, DType dtype) {
  std::string out;
  out.reserve(values.size() * static_cast<size_t>(dtype.itemSize()));
  for (const Scalar& s : values) {
    ConstValue c = constFor(dtype, s);
    switch (dtype.scalar) {
    case ScalarType::Bool:
      appendLE<uint8_t>(out, std::get<bool>(c) ? 1 : 0);
      break;
    case ScalarType::Int8:
    case ScalarType::UInt8:
      appendLE(out, static_cast<uint8_t>(std::get<int64_t>(c)));
      break;
    case ScalarType::Int16:
    case ScalarType::UInt16:
      appendLE(out, static_cast<uint16_t>(std::get<int64_t>(c)));
      break;
    case ScalarType::Int32:
    case ScalarType::UInt32:
      appendLE(out, static_cast<uint32_t>(std::get<int64_t>(c)));
      break;
    case ScalarType::Int64:
    case ScalarType::UInt64:
      appendLE(out, static_cast<uint64_t>(std::get<int64_t>(c)));
      break;
    case ScalarType::Float16:
      appendLE(out, doubleToHalfBits(asDouble(s)));
      break;
    case ScalarType::BFloat16:
      appendLE(out, floatToBFloat16Bits(static_cast<float>(asDouble(s))));
      break;
    case ScalarType::Float32:
      appendLE(out, static_cast<float>(asDouble(s)));
      break;
    case ScalarType::Float64:
      appendLE(out, asDouble(s));
      break;
    case ScalarType::Void:
    case ScalarType::Index:
      fail(std::string("cannot create a literal of ") + toString(dtype));
    }
  }
  return out;
}

} // namespace uops::tensor_detail
