// Cast and Bitcast: the evaluator's conversion laws (core/runtime/float_convert.h).
#include "core/render/render_llvm_writer.h"

#include <bit>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

namespace uops::llvmir {
namespace {


bool isIntKind(NumKind k) {
  return k == NumKind::Signed || k == NumKind::Unsigned;
}

// A double into float16/bfloat16 (as a float register) with one rounding:
// round-to-odd into float first.
std::string narrowFromDouble(Writer& w, DType to, const std::string& d) {
  std::string odd = w.callHelper(Helper::DoubleToFloatOdd, "float", "double " + d);
  return w.roundTo(to, odd);
}

// An integer into float16/bfloat16: exactly into double when it fits 53 bits,
// else its magnitude rounded to odd (the evaluator's roundToOddDouble).
std::string narrowFromInt(Writer& w, DType from, DType to, const std::string& a) {
  std::string t = regType(from);
  bool isSigned = numKind(from) == NumKind::Signed;
  if (from.bits() <= 32)
    return narrowFromDouble(
        w, to, w.emit(fmt::format("{} {} {} to double", isSigned ? "sitofp" : "uitofp", t, a)));
  std::string neg = isSigned ? w.emit(fmt::format("icmp slt i64 {}, 0", a)) : "false";
  std::string mag = a;
  if (isSigned) {
    std::string minus = w.emit(fmt::format("sub i64 0, {}", a));
    mag = w.emit(fmt::format("select i1 {}, i64 {}, i64 {}", neg, minus, a));
  }
  std::string d = w.callHelper(Helper::UInt64ToDoubleOdd, "double", "i64 " + mag);
  if (isSigned) {
    std::string negated = w.emit(fmt::format("fneg double {}", d));
    d = w.emit(fmt::format("select i1 {}, double {}, double {}", neg, negated, d));
  }
  return narrowFromDouble(w, to, d);
}

std::string floatToFloat(Writer& w, const UOp& u, DType from, DType to, const std::string& a, size_t lanes) {
  bool fromDouble = from.scalar == ScalarType::Float64, toDouble = to.scalar == ScalarType::Float64;
  if (fromDouble && toDouble) return a;
  if (lanes && (numKind(from) == NumKind::Narrow || numKind(to) == NumKind::Narrow))
    unsupported(u, "no vector form of a float16 or bfloat16 conversion here");
  const std::string ft = laneType(lanes, "float"), dt = laneType(lanes, "double");
  if (toDouble) return w.emit(fmt::format("fpext {} {} to {}", ft, a, dt));
  if (fromDouble && numKind(to) == NumKind::Narrow) return narrowFromDouble(w, to, a);
  if (fromDouble) return w.emit(fmt::format("fptrunc {} {} to {}", dt, a, ft));
  // float registers on both sides: a float16/bfloat16 target rounds, float32 is exact
  return w.roundTo(to, a);
}

// A power of two as an LLVM floating-point constant (hex of the double).
std::string powerOfTwo(int exponent, bool negative) {
  return fmt::format("0x{:016X}", std::bit_cast<uint64_t>((negative ? -1.0 : 1.0) * std::ldexp(1.0, exponent)));
}

} // namespace

// Truncate toward zero, saturate, NaN -> 0 (llvm.fpto[su]i.sat's law) with
// compares and selects around a plain conversion: LLVM vectorizes these, not
// the saturating intrinsics, and the transcendentals build 2^n this way.
// `lanes`: 0 a scalar, else a vector of that many.
std::string floatToInt(Writer& w, DType from, DType to, const std::string& a, size_t lanes) {
  auto value = [&](const std::string& t, const std::string& c) { // a constant in every lane
    if (!lanes) return c;
    std::string all;
    for (size_t k = 0; k < lanes; ++k) all += fmt::format("{}{} {}", k ? ", " : "", t, c);
    return "<" + all + ">";
  };
  bool isSigned = numKind(to) == NumKind::Signed;
  const std::string fs = regType(from), is = regType(to), ft = laneType(lanes, fs), it = laneType(lanes, is),
                    bt = laneType(lanes, "i1");
  int bits = to.bits();
  std::string lo = value(fs, isSigned ? powerOfTwo(bits - 1, true) : "0.0");
  std::string hi = value(fs, powerOfTwo(isSigned ? bits - 1 : bits, false)); // the first value past the top
  std::string nan = w.emit(fmt::format("fcmp uno {} {}, {}", ft, a, a));
  std::string low = w.emit(fmt::format("fcmp olt {} {}, {}", ft, a, lo));
  std::string high = w.emit(fmt::format("fcmp oge {} {}, {}", ft, a, hi));
  std::string outside = w.emit(fmt::format("or {} {}, {}", bt, nan, high));
  std::string inRange = w.emit(fmt::format("select {} {}, {} {}, {} {}", bt, outside, ft, value(fs, "0.0"), ft, a));
  inRange = w.emit(fmt::format("select {} {}, {} {}, {} {}", bt, low, ft, lo, ft, inRange));
  std::string v = w.emit(fmt::format("{} {} {} to {}", isSigned ? "fptosi" : "fptoui", ft, inRange, it));
  std::string top = isSigned ? fmt::format("{}", (uint64_t{1} << (bits - 1)) - 1)
                             : (bits == 64 ? std::string("-1") : fmt::format("{}", (uint64_t{1} << bits) - 1));
  return w.emit(fmt::format("select {} {}, {} {}, {} {}", bt, high, it, value(is, top), it, v));
}

namespace {

std::string intToInt(Writer& w, DType from, DType to, const std::string& a, size_t lanes) {
  if (from.bits() == to.bits()) return a;
  const std::string ft = laneType(lanes, regType(from)), tt = laneType(lanes, regType(to));
  if (to.bits() < from.bits()) return w.emit(fmt::format("trunc {} {} to {}", ft, a, tt));
  std::string ext = numKind(from) == NumKind::Signed ? "sext" : "zext";
  return w.emit(fmt::format("{} {} {} to {}", ext, ft, a, tt));
}

} // namespace

std::string convert(Writer& w, const UOp& u, DType from, DType to, const std::string& a, size_t lanes) {
  NumKind kf = numKind(from), kt = numKind(to);
  if (from == to) return a;
  const std::string ft = laneType(lanes, regType(from)), tt = laneType(lanes, regType(to));
  if (kt == NumKind::Bool) {
    if (kf == NumKind::Bool) return a;
    // x != 0; NaN is true
    const char* zero = lanes ? "zeroinitializer" : isFloatKind(kf) ? "0.0" : "0";
    return w.emit(fmt::format("{} {} {}, {}", isFloatKind(kf) ? "fcmp une" : "icmp ne", ft, a, zero));
  }
  if (kf == NumKind::Bool) return w.emit(fmt::format("{} {} {} to {}", isIntKind(kt) ? "zext" : "uitofp", ft, a, tt));
  if (isIntKind(kf) && isIntKind(kt)) return intToInt(w, from, to, a, lanes);
  if (isIntKind(kf) && kt == NumKind::Narrow && !lanes) return narrowFromInt(w, from, to, a);
  if (isIntKind(kf)) return w.emit(fmt::format("{} {} {} to {}", kf == NumKind::Signed ? "sitofp" : "uitofp", ft, a, tt));
  if (isIntKind(kt)) return floatToInt(w, from, to, a, lanes);
  if (isFloatKind(kf) && isFloatKind(kt)) return floatToFloat(w, u, from, to, a, lanes);
  unsupported(u, fmt::format("no conversion from {}", toString(from)));
}

namespace {

// The raw bits of a register value of dtype d, as an integer of d's width.
std::string bitsOf(Writer& w, DType d, const std::string& a) {
  switch (numKind(d)) {
  case NumKind::Narrow:
    return w.toMemory(d, a);
  case NumKind::Float:
    return w.emit(fmt::format("bitcast {} {} to {}", regType(d), a, intType(d.bits())));
  case NumKind::Bool:
    return w.emit(fmt::format("zext i1 {} to i8", a));
  case NumKind::Signed:
  case NumKind::Unsigned:
    return a;
  }
  return a;
}

std::string fromBits(Writer& w, DType d, const std::string& bits) {
  switch (numKind(d)) {
  case NumKind::Narrow:
    return w.fromMemory(d, bits);
  case NumKind::Float:
    return w.emit(fmt::format("bitcast {} {} to {}", intType(d.bits()), bits, regType(d)));
  case NumKind::Bool:
    return w.emit(fmt::format("icmp ne i8 {}, 0", bits));
  case NumKind::Signed:
  case NumKind::Unsigned:
    return bits;
  }
  return bits;
}

} // namespace

void renderCast(Writer& w, const UOp& u) {
  const UOp& x = *u.src(0);
  w.bind(u, convert(w, u, x.dtype().scalarType(), u.dtype().scalarType(), w.operand(x), 0));
}

void renderBitcast(Writer& w, const UOp& u) {
  const UOp& x = *u.src(0);
  DType from = x.dtype().scalarType(), to = u.dtype().scalarType();
  if (from.itemSize() != to.itemSize())
    unsupported(u, fmt::format("{} has another size", toString(from)));
  w.bind(u, fromBits(w, to, bitsOf(w, from, w.operand(x))));
}

} // namespace uops::llvmir
