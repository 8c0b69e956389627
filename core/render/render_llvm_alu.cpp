// Elementwise ops: one LLVM instruction (or intrinsic) per op and number kind,
// with the guards and roundings the evaluator's laws need.
#include "core/render/render_llvm_writer.h"
#include "core/render/render_llvm_x86.h"

#include <bit>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace uops::llvmir {
namespace {


// The overload suffix of an intrinsic on one register (lanes 0: f32, f64,
// i8, ...) or on vectors of `lanes` (v8f32, ...).
std::string suffix(DType d, size_t lanes) {
  if (lanes) return vectorSuffix(lanes, regType(d));
  if (isFloatKind(numKind(d))) return regType(d) == "double" ? "f64" : "f32";
  return regType(d);
}

std::string intrinsic1(Writer& w, std::string_view name, DType d, size_t lanes, const std::string& a) {
  std::string t = laneType(lanes, regType(d));
  return w.callIntrinsic(t, fmt::format("llvm.{}.{}", name, suffix(d, lanes)), fmt::format("{} {}", t, a), t);
}

std::string intrinsic2(Writer& w, std::string_view name, DType d, size_t lanes, const std::string& a,
                       const std::string& b) {
  std::string t = laneType(lanes, regType(d));
  return w.callIntrinsic(t, fmt::format("llvm.{}.{}", name, suffix(d, lanes)),
                         fmt::format("{} {}, {} {}", t, a, t, b), fmt::format("{}, {}", t, t));
}

// llvm.maximum of two float or double variables, or vectors of them: (a > b ? a : b)
// and (b > a ? b : a), x86's max each way, are the larger where neither is NaN, and on a tie their
// bits ANDed keep +0 over -0; where either is NaN the unordered compare's all-ones bits are a NaN.
// LLVM lowers llvm.maximum itself with blends by sign and by NaN: three blends per vector on AVX2,
// two masked moves and a mask move on AVX-512, in the ports that compare and take the max; these
// are one compare and two logic ops. (Against a constant LLVM's lowering knows its sign and that it
// is no NaN: a max.)
// On a whole 128-, 256- or 512-bit vector of a target with AVX-512 the two maxes' sign bits ANDed
// and their other bits ORed are one vpternlogd instead of those three: where either is NaN, one
// of the maxes is that NaN, whose all-ones exponent and nonzero mantissa survive the OR (LLVM's
// own matching of ternary logic takes two logic ops a time and left three ops here).
std::string maximumOfVariables(Writer& w, DType d, size_t lanes, const std::string& a,
                               const std::string& b) {
  const std::string t = laneType(lanes, regType(d)),
                    i = laneType(lanes, regType(d) == "double" ? "i64" : "i32");
  const std::string flag = laneType(lanes, "i1");
  auto larger = [&](const std::string& x, const std::string& y) {
    std::string greater = w.emit(fmt::format("fcmp ogt {} {}, {}", t, x, y));
    std::string chosen =
        w.emit(fmt::format("select {} {}, {} {}, {} {}", flag, greater, t, x, t, y));
    return w.emit(fmt::format("bitcast {} {} to {}", t, chosen, i));
  };
  const bool f64 = regType(d) == "double";
  const size_t bits = lanes * (f64 ? 64 : 32);
  if (w.scaleInstruction && (bits == 128 || bits == 256 || bits == 512)) {
    // bit by bit: the third operand (the sign) ? first AND second : first OR second
    constexpr int kSignAndRestOr = 0xd4;
    const std::string sign =
        inEveryLane(w, lanes, f64 ? "i64" : "i32", f64 ? "-9223372036854775808" : "-2147483648");
    std::string r =
        w.callIntrinsic(i, fmt::format("llvm.x86.avx512.pternlog.{}.{}", f64 ? "q" : "d", bits),
                        fmt::format("{} {}, {} {}, {} {}, i32 {}", i, larger(a, b), i, larger(b, a),
                                    i, sign, kSignAndRestOr),
                        fmt::format("{}, {}, {}, i32", i, i, i));
    return w.emit(fmt::format("bitcast {} {} to {}", i, r, t));
  }
  std::string both = w.emit(fmt::format("and {} {}, {}", i, larger(a, b), larger(b, a)));
  std::string nan = w.emit(
      fmt::format("sext {} {} to {}", flag, w.emit(fmt::format("fcmp uno {} {}, {}", t, a, b)), i));
  return w.emit(fmt::format("bitcast {} {} to {}", i, w.emit(fmt::format("or {} {}, {}", i, both, nan)), t));
}

// A float register type's exponent field: float or double.
struct ExponentField {
  bool f64;
  int mantBits;
  int64_t bias;
  double shifter; // 1.5 * 2^mantBits: adding it leaves an integral n in the low bits
};
ExponentField exponentField(DType d) {
  const bool f64 = regType(d) == "double";
  const int mantBits = f64 ? 52 : 23;
  return {f64, mantBits, f64 ? 1023 : 127, std::ldexp(1.5, mantBits)};
}

// Ldexp: a * 2^floor(n). With AVX-512 (Writer::scaleInstruction) vscalefps / vscalefpd on every
// vector (render_llvm_x86.h), which rounds once for every n, and on one register unless n is
// exp2's clamped q. Elsewhere n is that q (only a target with the instruction gets a FracNearest
// exp2, whose q is not clamped) and 2^n is two exponent fields, 2^floor(n / 2) and
// 2^(n - floor(n / 2)), multiplied in in turn: the same value where a * 2^floor(n / 2) is normal
// (exp2's 2^q; the op's docs). n's integer comes
// from the bits of n + 1.5 * 2^mantissa bits, as in exp2 itself: no fptosi (poison for a NaN n),
// and integer ops LLVM's vectorizers pack.
// `shiftedN`: n + 1.5 * 2^mantissa bits where the graph holds it already (exp2's q = t - shifter on
// one register: its t), else empty.
std::string ldexp(Writer& w, DType d, size_t lanes, const std::string& a, const std::string& n,
                  const std::string& shiftedN) {
  // but one register with exp2's clamped q: the exponent fields, which LLVM's vectorizers pack
  if (w.scaleInstruction && (lanes > 0 || shiftedN.empty())) return x86Scalef(w, d, lanes, a, n);
  const std::string t = laneType(lanes, regType(d));
  const auto [f64, mantBits, bias, shifter] = exponentField(d);
  const std::string it = f64 ? "i64" : "i32", i = laneType(lanes, it);
  const int64_t shifterBits =
      f64 ? std::bit_cast<int64_t>(shifter) : std::bit_cast<int32_t>(static_cast<float>(shifter));
  auto splat = [&](int64_t v) { return inEveryLane(w, lanes, it, std::to_string(v)); };
  const std::string shifted =
      !shiftedN.empty() ? shiftedN
                        : w.emit(fmt::format("fadd {} {}, {}", t, n,
                                             inEveryLane(w, lanes, regType(d),
                                                         floatLiteral(dtypes::float64, shifter))));
  // q + 2 bias, positive for q >= -2 bias + 1
  const std::string u = w.emit(
      fmt::format("add {} {}, {}", i, w.emit(fmt::format("bitcast {} {} to {}", t, shifted, i)),
                  splat(2 * bias - shifterBits)));
  const std::string f1 = w.emit(fmt::format(
      "shl {} {}, {}", i, w.emit(fmt::format("lshr {} {}, {}", i, u, splat(1))), splat(mantBits)));
  const std::string f2 = w.emit(fmt::format(
      "sub {} {}, {}", i, w.emit(fmt::format("shl {} {}, {}", i, u, splat(mantBits))), f1));
  auto asFloat = [&](const std::string& v) {
    return w.emit(fmt::format("bitcast {} {} to {}", i, v, t));
  };
  const std::string first = w.emit(fmt::format("fmul {} {}, {}", t, a, asFloat(f1)));
  return w.emit(fmt::format("fmul {} {}, {}", t, first, asFloat(f2)));
}

// FracNearest: x - rint(x), 0 for an infinite x. With AVX-512DQ (Writer::fractionInstruction) one
// vreduceps / vreducepd rounding to nearest, which gives +0 for an infinity; elsewhere
// llvm.roundeven subtracted and 0 selected where |x| is infinite.
std::string frac(Writer& w, DType d, size_t lanes, const std::string& x) {
  if (w.fractionInstruction) return x86FractionNearest(w, d, lanes, x);
  const std::string t = laneType(lanes, regType(d)), scalar = regType(d);
  const std::string r =
      w.emit(fmt::format("fsub {} {}, {}", t, x, intrinsic1(w, "roundeven", d, lanes, x)));
  const std::string infinite = w.emit(fmt::format(
      "fcmp oeq {} {}, {}", t, intrinsic1(w, "fabs", d, lanes, x),
      inEveryLane(w, lanes, scalar,
                  floatLiteral(dtypes::float64, std::numeric_limits<double>::infinity()))));
  return w.emit(fmt::format("select {} {}, {} {}, {} {}", laneType(lanes, "i1"), infinite, t,
                            inEveryLane(w, lanes, scalar, floatLiteral(dtypes::float64, 0.0)), t,
                            r));
}

// Ldexp's n as t - 1.5 * 2^mantissa bits (exp2's q): t's name, else empty.
std::string shiftedOperand(Writer& w, const UOp& u) {
  const UOp& n = *u.src(1);
  if (n.op() != Op::Add || n.src(1)->op() != Op::Const) return {};
  const std::optional<ConstValue> c = n.src(1)->constValue();
  if (!c || !std::holds_alternative<double>(*c) ||
      std::get<double>(*c) != -exponentField(u.dtype()).shifter)
    return {};
  return w.operand(*n.src(0));
}

bool isFloatOrDoubleVariables(const UOp& u) {
  const std::string t = regType(u.src(0)->dtype());
  return (t == "float" || t == "double") && u.src(0)->op() != Op::Const && u.src(1)->op() != Op::Const;
}

bool mayBe(const UOp& u, __int128 v) {
  const MinMax& m = u.minMax();
  return m.isFloat || (m.lo <= v && v <= m.hi);
}

// x/0 = x%0 = 0 and MIN/-1 = MIN (MIN%-1 = 0): the evaluator's total division.
// LLVM's sdiv/srem are undefined there, so a divisor that may be 0 or -1 is
// replaced by 1 and the result selected afterwards.
std::string intDivide(Writer& w, const UOp& u, bool mod, const std::string& a,
                      const std::string& b) {
  DType d = u.src(0)->dtype();
  std::string t = regType(d);
  bool isSigned = numKind(d) == NumKind::Signed;
  std::string op = mod ? (isSigned ? "srem" : "urem") : (isSigned ? "sdiv" : "udiv");
  bool zero = mayBe(*u.src(1), 0), minusOne = isSigned && mayBe(*u.src(1), -1);
  if (!zero && !minusOne) return w.emit(fmt::format("{} {} {}, {}", op, t, a, b));
  std::string isZero = zero ? w.emit(fmt::format("icmp eq {} {}, 0", t, b)) : "false";
  std::string isMinus = minusOne ? w.emit(fmt::format("icmp eq {} {}, -1", t, b)) : "false";
  std::string bad = w.emit(fmt::format("or i1 {}, {}", isZero, isMinus));
  std::string safe = w.emit(fmt::format("select i1 {}, {} 1, {} {}", bad, t, t, b));
  std::string q = w.emit(fmt::format("{} {} {}, {}", op, t, a, safe));
  if (mod) return w.emit(fmt::format("select i1 {}, {} 0, {} {}", bad, t, t, q));
  std::string negated = w.emit(fmt::format("sub {} 0, {}", t, a));
  std::string r = w.emit(fmt::format("select i1 {}, {} {}, {} {}", isMinus, t, negated, t, q));
  return w.emit(fmt::format("select i1 {}, {} 0, {} {}", isZero, t, t, r));
}

// Shift amounts modulo the width.
std::string shift(Writer& w, const UOp& u, size_t lanes, const std::string& a, const std::string& b) {
  DType d = u.src(0)->dtype();
  std::string t = laneType(lanes, regType(d));
  std::string amount =
      w.emit(fmt::format("and {} {}, {}", t, b, inEveryLane(w, lanes, regType(d), std::to_string(d.bits() - 1))));
  std::string op = u.op() == Op::Shl ? "shl" : numKind(d) == NumKind::Signed ? "ashr" : "lshr";
  return w.emit(fmt::format("{} {} {}, {}", op, t, a, amount));
}

// One op on floats, on one register (lanes 0) or on vectors of `lanes`.
std::string floatOp(Writer& w, const UOp& u, size_t lanes, const std::string& a, const std::string& b) {
  DType d = u.src(0)->dtype();
  std::string t = laneType(lanes, regType(d));
  Op op = u.op();
  const char* flags = w.contract.count(&u) ? " contract" : "";
  if (op == Op::Add) return w.emit(fmt::format("fadd{} {} {}, {}", flags, t, a, b));
  if (op == Op::Mul) return w.emit(fmt::format("fmul{} {} {}, {}", flags, t, a, b));
  if (op == Op::Max && w.orderedMax && isFloatOrDoubleVariables(u))
    return maximumOfVariables(w, d, lanes, a, b);
  if (op == Op::Max) return intrinsic2(w, "maximum", d, lanes, a, b);
  if (op == Op::Mod) return w.emit(fmt::format("frem {} {}, {}", t, a, b)); // C's fmod
  if (op == Op::Idiv)
    return intrinsic1(w, "trunc", d, lanes, w.emit(fmt::format("fdiv {} {}, {}", t, a, b)));
  if (op == Op::CmpLt) return w.emit(fmt::format("fcmp olt {} {}, {}", t, a, b));
  if (op == Op::CmpNe) return w.emit(fmt::format("fcmp une {} {}, {}", t, a, b));
  if (op == Op::Recip)
    return w.emit(fmt::format("fdiv {} {}, {}", t,
                              inEveryLane(w, lanes, regType(d), floatLiteral(dtypes::float64, 1.0)), a));
  if (op == Op::Trunc) return intrinsic1(w, "trunc", d, lanes, a);
  if (op == Op::Sqrt) return intrinsic1(w, "sqrt", d, lanes, a);
  if (op == Op::Exp2) return intrinsic1(w, "exp2", d, lanes, a);
  if (op == Op::Log2) return intrinsic1(w, "log2", d, lanes, a);
  if (op == Op::Sin) return intrinsic1(w, "sin", d, lanes, a);
  if (op == Op::Ldexp)
    return ldexp(w, d, lanes, a, b, lanes ? std::string() : shiftedOperand(w, u));
  if (op == Op::FracNearest) return frac(w, d, lanes, a);
  unsupported(u, "not an op on floats");
}

// One op on integers or bools, on one register (lanes 0) or on vectors of
// `lanes` (no integer division there: vector_ops.h keeps it scalar).
std::string intOp(Writer& w, const UOp& u, size_t lanes, const std::string& a, const std::string& b) {
  DType d = u.src(0)->dtype();
  std::string t = laneType(lanes, regType(d));
  NumKind k = numKind(d);
  Op op = u.op();
  bool isSigned = k == NumKind::Signed;
  // bools only reach here as logic (Instruction Selection's bool ops); i1 add/mul
  // would be xor/and, so the arithmetic ops are refused for them below
  if (op == Op::Add && k != NumKind::Bool) return w.emit(fmt::format("add {} {}, {}", t, a, b));
  if (op == Op::Mul && k != NumKind::Bool) return w.emit(fmt::format("mul {} {}, {}", t, a, b));
  if (op == Op::Max) return intrinsic2(w, isSigned ? "smax" : "umax", d, lanes, a, b);
  if ((op == Op::Mod || op == Op::Idiv) && k != NumKind::Bool && !lanes)
    return intDivide(w, u, op == Op::Mod, a, b);
  if (op == Op::CmpLt)
    return w.emit(fmt::format("icmp {} {} {}, {}", isSigned ? "slt" : "ult", t, a, b));
  if (op == Op::CmpNe) return w.emit(fmt::format("icmp ne {} {}, {}", t, a, b));
  if (op == Op::Xor) return w.emit(fmt::format("xor {} {}, {}", t, a, b));
  if (op == Op::Or) return w.emit(fmt::format("or {} {}, {}", t, a, b));
  if (op == Op::And) return w.emit(fmt::format("and {} {}, {}", t, a, b));
  if ((op == Op::Shl || op == Op::Shr) && k != NumKind::Bool) return shift(w, u, lanes, a, b);
  if (op == Op::Trunc) return a; // integers are whole already
  if (lanes) unsupported(u, "no vector form (vector_ops.h)");
  unsupported(u, k == NumKind::Bool ? "Instruction Selection lowers it on bools"
                                    : "not an op on integers");
}

// Ops whose float result may need a rounding into float16/bfloat16.
bool rounds(Op op) {
  return op == Op::Add || op == Op::Mul || op == Op::Mod || op == Op::Idiv || op == Op::Recip ||
         op == Op::Sqrt || op == Op::Exp2 || op == Op::Log2 || op == Op::Sin;
}

} // namespace

std::string laneType(size_t lanes, const std::string& t) {
  return lanes ? fmt::format("<{} x {}>", lanes, t) : t;
}

std::string inEveryLane(Writer& w, size_t lanes, const std::string& t, const std::string& value) {
  if (!lanes) return value;
  const std::string vt = laneType(lanes, t);
  const std::string one = w.emit(fmt::format("insertelement {} poison, {} {}, i64 0", vt, t, value));
  return w.emit(fmt::format("shufflevector {} {}, {} poison, <{} x i32> zeroinitializer", vt, one, vt, lanes));
}

bool isRegisterOp(Op op) {
  // the primitive elementwise ops; of the decomposed ones, the transcendentals
  // and Sqrt where the target keeps them (TranscendentalMode::Intrinsics,
  // CodegenTarget::nativeSqrt); a bit cast; a fused multiply-add (llvm.fma); a
  // scale by a power of two; a distance to the nearest integer
  return opGroup(op) == OpGroup::Elementwise || isTranscendental(op) || op == Op::Sqrt ||
         op == Op::Bitcast || op == Op::Fma || op == Op::Ldexp || op == Op::FracNearest;
}

void renderRegisterOp(Writer& w, const UOp& u) {
  if (u.op() == Op::Cast) return renderCast(w, u);
  if (u.op() == Op::Bitcast) return renderBitcast(w, u);
  renderAlu(w, u);
}

std::string elementwiseOp(Writer& w, const UOp& u, size_t lanes, const std::vector<std::string>& s) {
  if (u.op() == Op::Where) {
    std::string t = laneType(lanes, regType(u.dtype()));
    return w.emit(fmt::format("select {} {}, {} {}, {} {}", laneType(lanes, "i1"), s[0], t, s[1], t, s[2]));
  }
  const DType d = u.src(0)->dtype();
  if (u.op() == Op::Fma) {
    const std::string t = laneType(lanes, regType(d));
    return w.callIntrinsic(t, fmt::format("llvm.fma.{}", suffix(d, lanes)),
                           fmt::format("{} {}, {} {}, {} {}", t, s[0], t, s[1], t, s[2]),
                           fmt::format("{}, {}, {}", t, t, t));
  }
  if (lanes && u.op() == Op::Cast) return convert(w, u, d, u.dtype(), s[0], lanes);
  if (lanes && u.op() == Op::Bitcast)
    return w.emit(fmt::format("bitcast {} {} to {}", laneType(lanes, regType(d)), s[0],
                              laneType(lanes, regType(u.dtype()))));
  const std::string b = s.size() > 1 ? s[1] : std::string();
  return isFloatKind(numKind(d)) ? floatOp(w, u, lanes, s[0], b) : intOp(w, u, lanes, s[0], b);
}

void renderAlu(Writer& w, const UOp& u) {
  std::vector<std::string> s;
  for (const UOpPtr& x : u.src()) s.push_back(w.operand(*x));
  std::string r = elementwiseOp(w, u, 0, s);
  const DType d = u.src(0)->dtype();
  w.bind(u, u.op() != Op::Where && isFloatKind(numKind(d)) && rounds(u.op()) ? w.roundTo(d, r) : r);
}

} // namespace uops::llvmir
