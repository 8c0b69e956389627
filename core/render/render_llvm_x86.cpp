#include "core/render/render_llvm_x86.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

std::string vectorType(size_t lanes, const std::string& scalar) {
  return fmt::format("<{} x {}>", lanes, scalar);
}

// <total x i32> <i32 first, ..., first + count - 1, poison...>
std::string laneMask(size_t first, size_t count, size_t total) {
  std::string m;
  for (size_t i = 0; i < total; ++i)
    m += fmt::format("{}i32 {}", i ? ", " : "", i < count ? std::to_string(first + i) : "poison");
  return fmt::format("<{} x i32> <{}>", total, m);
}

using WholeCall = std::function<std::string(size_t lanes, const std::vector<std::string>& args)>;

// `call` on vectors of 128, 256 or 512 bits holding the lanes of `args` (each of `lanes` lanes of
// `scalar`, or one register where lanes is 0), its lanes gathered into the same shape.
std::string onWholeVectors(Writer& w, const std::string& scalar, size_t elementBits, size_t lanes,
                           const std::vector<std::string>& args, const WholeCall& call) {
  const size_t widest = 512 / elementBits;
  if (lanes == 0) {
    const size_t wide = 128 / elementBits;
    std::vector<std::string> in;
    for (const std::string& a : args)
      in.push_back(w.emit(fmt::format("insertelement {} poison, {} {}, i64 0",
                                      vectorType(wide, scalar), scalar, a)));
    return w.emit(
        fmt::format("extractelement {} {}, i64 0", vectorType(wide, scalar), call(wide, in)));
  }
  const size_t bits = lanes * elementBits;
  if (bits == 128 || bits == 256 || bits == 512) return call(lanes, args);
  const std::string type = vectorType(lanes, scalar);
  // lanes [first, first + count) of each argument as a whole vector of `wide` lanes
  auto part = [&](size_t first, size_t count, size_t wide) {
    std::vector<std::string> in;
    for (const std::string& a : args)
      in.push_back(w.emit(fmt::format("shufflevector {} {}, {} poison, {}", type, a, type,
                                      laneMask(first, count, wide))));
    return call(wide, in);
  };
  if (bits < 512) {
    const size_t wide = std::max<size_t>(128, std::bit_ceil(bits)) / elementBits;
    return w.emit(fmt::format("shufflevector {} {}, {} poison, {}", vectorType(wide, scalar),
                              part(0, lanes, wide), vectorType(wide, scalar),
                              laneMask(0, lanes, lanes)));
  }
  // longer: 512-bit parts, each widened to the whole length and merged lane by lane
  std::string joined;
  for (size_t first = 0; first < lanes; first += widest) {
    const size_t count = std::min(widest, lanes - first);
    const std::string piece = part(first, count, widest);
    const std::string spread =
        w.emit(fmt::format("shufflevector {} {}, {} poison, {}", vectorType(widest, scalar), piece,
                           vectorType(widest, scalar), laneMask(0, count, lanes)));
    if (joined.empty()) {
      joined = spread;
      continue;
    }
    std::string select;
    for (size_t i = 0; i < lanes; ++i)
      select += fmt::format("{}i32 {}", i ? ", " : "",
                            i >= first && i < first + count ? lanes + i - first : i);
    joined = w.emit(fmt::format("shufflevector {} {}, {} {}, <{} x i32> <{}>", type, joined, type,
                                spread, lanes, select));
  }
  return joined;
}

// llvm.x86.avx512.mask.<name>.ps/pd.<bits> on `args` through whole vectors: the vector operands,
// then `immediate` where there is one, a poison pass-through, all lanes in the mask, and on 512
// bits the current rounding mode.
std::string maskedOnWholeVectors(Writer& w, DType d, size_t lanes, std::string_view name,
                                 const std::vector<std::string>& args, std::string_view immediate) {
  const bool f64 = regType(d) == "double";
  const std::string scalar = regType(d);
  return onWholeVectors(w, scalar, f64 ? 64 : 32, lanes, args, [&](size_t l, const auto& in) {
    const size_t bits = l * (f64 ? 64 : 32);
    const std::string t = vectorType(l, scalar), mask = l == 16 ? "i16" : "i8";
    std::string operands, types;
    for (const std::string& v : in) {
      operands += fmt::format("{} {}, ", t, v);
      types += t + ", ";
    }
    if (!immediate.empty()) {
      operands += fmt::format("{}, ", immediate);
      types += fmt::format("{}, ", immediate.substr(0, immediate.find(' ')));
    }
    return w.callIntrinsic(
        t, fmt::format("llvm.x86.avx512.mask.{}.{}.{}", name, f64 ? "pd" : "ps", bits),
        fmt::format("{}{} poison, {} -1{}", operands, t, mask, bits == 512 ? ", i32 4" : ""),
        fmt::format("{}{}, {}{}", types, t, mask, bits == 512 ? ", i32" : ""));
  });
}

} // namespace

std::string x86Scalef(Writer& w, DType d, size_t lanes, const std::string& a,
                      const std::string& n) {
  return maskedOnWholeVectors(w, d, lanes, "scalef", {a, n}, "");
}

std::string x86FractionNearest(Writer& w, DType d, size_t lanes, const std::string& x) {
  // imm8: no fraction bits kept, to nearest, no precision exception
  return maskedOnWholeVectors(w, d, lanes, "reduce", {x}, "i32 8");
}

} // namespace uops::llvmir
