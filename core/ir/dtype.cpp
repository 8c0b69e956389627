#include "core/ir/dtype.h"

#include <charconv>

#include <fmt/format.h>

namespace uops {

std::string_view addrSpaceName(AddrSpace space) {
  switch (space) {
  case AddrSpace::Global: return "GLOBAL";
  case AddrSpace::Local: return "LOCAL";
  case AddrSpace::Reg: return "REG";
  }
  return "?";
}

std::optional<AddrSpace> addrSpaceFromName(std::string_view name) {
  if (name == "GLOBAL") return AddrSpace::Global;
  if (name == "LOCAL") return AddrSpace::Local;
  if (name == "REG") return AddrSpace::Reg;
  return std::nullopt;
}

bool DType::isFloat() const {
  switch (scalar) {
  case ScalarType::Float16: case ScalarType::BFloat16: case ScalarType::Float32:
  case ScalarType::Float64:
    return true;
  default:
    return false;
  }
}

bool DType::isInt() const {
  switch (scalar) {
  case ScalarType::Int8: case ScalarType::Int16: case ScalarType::Int32: case ScalarType::Int64:
  case ScalarType::UInt8: case ScalarType::UInt16: case ScalarType::UInt32:
  case ScalarType::UInt64: case ScalarType::Index:
    return true;
  default:
    return false;
  }
}

bool DType::isUnsigned() const {
  switch (scalar) {
  case ScalarType::UInt8: case ScalarType::UInt16: case ScalarType::UInt32:
  case ScalarType::UInt64:
    return true;
  default:
    return false;
  }
}

int DType::itemSize() const {
  switch (scalar) {
  case ScalarType::Void: return 0;
  case ScalarType::Bool: case ScalarType::Int8: case ScalarType::UInt8: return 1;
  case ScalarType::Int16: case ScalarType::UInt16: case ScalarType::Float16:
  case ScalarType::BFloat16:
    return 2;
  case ScalarType::Int32: case ScalarType::UInt32: case ScalarType::Float32: return 4;
  case ScalarType::Int64: case ScalarType::UInt64: case ScalarType::Float64:
  case ScalarType::Index:
    return 8;
  }
  return 0;
}

namespace {
struct ScalarNames {
  ScalarType type;
  std::string_view shortName;
  std::string_view numpyName;
};
constexpr ScalarNames kNames[] = {
    {ScalarType::Void, "void", "void"},         {ScalarType::Bool, "bool", "bool"},
    {ScalarType::Int8, "char", "int8"},         {ScalarType::Int16, "short", "int16"},
    {ScalarType::Int32, "int", "int32"},        {ScalarType::Int64, "long", "int64"},
    {ScalarType::UInt8, "uchar", "uint8"},      {ScalarType::UInt16, "ushort", "uint16"},
    {ScalarType::UInt32, "uint", "uint32"},     {ScalarType::UInt64, "ulong", "uint64"},
    {ScalarType::Float16, "half", "float16"},   {ScalarType::BFloat16, "bfloat16", "bfloat16"},
    {ScalarType::Float32, "float", "float32"},  {ScalarType::Float64, "double", "float64"},
    {ScalarType::Index, "index", "index"},
};
} // namespace

std::string_view scalarName(ScalarType s) { return kNames[static_cast<size_t>(s)].shortName; }
std::string_view scalarNumpyName(ScalarType s) { return kNames[static_cast<size_t>(s)].numpyName; }

std::optional<ScalarType> scalarFromName(std::string_view name) {
  for (const auto& n : kNames)
    if (n.shortName == name || n.numpyName == name) return n.type;
  return std::nullopt;
}

std::string toString(const DType& d) {
  std::string s = fmt::format("dtypes.{}", scalarName(d.scalar));
  if (d.count != 1) s += fmt::format(".vec({})", d.count);
  if (!d.isPtr) return s;
  if (d.addrSpace == AddrSpace::Global) return s + fmt::format(".ptr({})", d.ptrSize);
  return s + fmt::format(".ptr({}, {})", d.ptrSize, addrSpaceName(d.addrSpace));
}

namespace {
bool consume(std::string_view& text, std::string_view prefix) {
  if (!text.starts_with(prefix)) return false;
  text.remove_prefix(prefix.size());
  return true;
}
bool consumeInt(std::string_view& text, int64_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (ec != std::errc()) return false;
  text.remove_prefix(static_cast<size_t>(end - text.data()));
  return true;
}
} // namespace

std::optional<DType> parseDType(std::string_view text) {
  if (!consume(text, "dtypes.")) return std::nullopt;
  size_t nameEnd = text.find_first_of(".");
  auto scalar = scalarFromName(text.substr(0, nameEnd));
  if (!scalar) return std::nullopt;
  DType d(*scalar);
  text.remove_prefix(nameEnd == std::string_view::npos ? text.size() : nameEnd);
  int64_t n = 0;
  if (consume(text, ".vec(")) {
    if (!consumeInt(text, n) || !consume(text, ")") || n < 1 || n > 65535) return std::nullopt;
    d = d.vec(static_cast<int>(n));
  }
  if (consume(text, ".ptr(")) {
    if (!consumeInt(text, n)) return std::nullopt;
    AddrSpace space = AddrSpace::Global;
    if (consume(text, ", ")) {
      size_t close = text.find(')');
      auto parsed = addrSpaceFromName(text.substr(0, close));
      if (!parsed) return std::nullopt;
      space = *parsed;
      text.remove_prefix(close == std::string_view::npos ? text.size() : close);
    }
    if (!consume(text, ")")) return std::nullopt;
    d = d.ptr(n, space);
  }
  if (!text.empty()) return std::nullopt;
  return d;
}

size_t hashValue(const DType& d) {
  uint64_t h = static_cast<uint64_t>(d.scalar) | (uint64_t(d.count) << 8) |
               (uint64_t(d.isPtr) << 24) | (uint64_t(d.addrSpace) << 25);
  return static_cast<size_t>(h * 0x9E3779B97F4A7C15ull ^ static_cast<uint64_t>(d.ptrSize));
}

} // namespace uops
