#include "core/render/render_opencl_expr.h"

#include "core/render/codegen_error.h"

#include <bit>
#include <cmath>

#include <fmt/format.h>

namespace uops::opencl {

void useBFloatHelpers(Helpers& h);
void useHalfBits(Helpers& h);

namespace {

[[noreturn]] void unsupported(const UOp& u, std::string_view why) {
  throw CodegenError("Render", fmt::format("OpenCL C cannot render {} of {}: {}", opName(u.op()),
                                           toString(u.dtype()), why));
}

std::string unsignedType(DType d) {
  std::string t = cType(d);
  return t.front() == 'u' ? t : "u" + t;
}

std::string floatLiteral(DType d, double v) {
  if (d.scalar == ScalarType::Float64) {
    if (std::isfinite(v)) return fmt::format("{:a}", v);
    return fmt::format("as_double(0x{:016x}UL)", std::bit_cast<uint64_t>(v));
  }
  auto f = static_cast<float>(v);
  if (std::isfinite(f)) return fmt::format("{:a}f", f);
  return fmt::format("as_float(0x{:08x}u)", std::bit_cast<uint32_t>(f));
}

std::string intLiteral(DType d, int64_t v) {
  if (d.isUnsigned()) {
    auto u = static_cast<uint64_t>(v);
    if (d.itemSize() < 8) u &= (uint64_t{1} << d.bits()) - 1;
    return fmt::format("(({}){}UL)", cType(d), u);
  }
  if (v == INT64_MIN) return fmt::format("(({})(-9223372036854775807L-1))", cType(d));
  return fmt::format("(({}){}L)", cType(d), v);
}

// Integer a/b and a%b with x/0 = x%0 = 0 and MIN/-1 = MIN (MIN%-1 = 0).
std::string intDivMod(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  std::string t = cType(u.dtype());
  bool div = u.op() == Op::Idiv;
  // a constant divisor other than 0 and -1 needs no guard (index math: a
  // workgroup index split into its axes)
  if (auto b = u.src(1)->constValue(); b && std::holds_alternative<int64_t>(*b) && std::get<int64_t>(*b) != 0 &&
                                       (u.dtype().isUnsigned() || std::get<int64_t>(*b) != -1))
    return fmt::format("({} {} {})", a[0], div ? "/" : "%", a[1]);
  std::string name = fmt::format("{}_{}", div ? "idiv" : "imod", t);
  std::string body;
  if (u.dtype().isUnsigned())
    body = fmt::format("return b == 0 ? 0 : a {} b;", div ? "/" : "%");
  else
    body = fmt::format("return b == 0 ? 0 : (b == -1 ? {} : a {} b);",
                       div ? fmt::format("({})(0 - ({})a)", t, unsignedType(u.dtype())) : "0",
                       div ? "/" : "%");
  h.use(name, fmt::format("static {0} {1}({0} a, {0} b) {{ {2} }}", t, name, body));
  return fmt::format("{}({}, {})", name, a[0], a[1]);
}

// A float constant that is neither NaN nor -0.0.
bool isOrdinaryConst(const UOp& u) {
  if (u.op() != Op::Const) return false;
  ConstValue v = *u.constValue();
  double x = std::holds_alternative<double>(v) ? std::get<double>(v) : 0.0;
  return !std::isnan(x) && !(x == 0 && std::signbit(x));
}

// NaN-propagating maximum with +0 above -0 (llvm.maximum). Against a constant
// c that is neither NaN nor -0, one compare and a select give exactly that:
// a NaN fails a <= c and comes through, a == c (also -0 against +0) gives c.
// Vectorizers turn the select into a blend; the general helper's branches
// (a ReLU, a clamp) cost PoCL a third of an elementwise kernel's time.
std::string floatMax(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  for (size_t c = 0; c < 2; ++c)
    if (isOrdinaryConst(*u.src(c))) return fmt::format("(!({0} <= {1}) ? {0} : {1})", a[1 - c], a[c]);
  std::string t = cType(u.dtype());
  std::string name = "fmaximum_" + t;
  // without branches: unordered gives the NaN, equal values (+0 and -0
  // included) the AND of their bits, else fmax; PoCL vectorizes the selects
  // (a row max over 16M floats: 18 -> 12 ms against the if-else form)
  h.use(name, fmt::format("static {0} {1}({0} a, {0} b) {{ return isunordered(a, b) ? a + b : "
                          "(a == b ? as_{0}(as_{2}(a) & as_{2}(b)) : fmax(a, b)); }}",
                          t, name, t == "double" ? "ulong" : "uint"));
  return fmt::format("{}({}, {})", name, a[0], a[1]);
}

// Ldexp as the op's docs: a * 2^floor(n) rounded once, NaN where either is NaN, a times an
// infinite scale where n is infinite (0 * 2^inf is NaN). OpenCL's ldexp takes an int, which
// (int)n would truncate towards zero and leave undefined for NaN and out-of-range n; beyond
// +-4096 every finite nonzero a overflows or rounds to zero alike.
std::string ldexpFloor(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  const DType d = u.dtype();
  const std::string t = cType(d), name = "ldexp_floor_" + t;
  h.use(name, fmt::format("static {0} {1}({0} a, {0} n) {{ if (isnan(n)) return n + a; "
                          "if (isinf(n)) return a * (n > 0 ? n : 0); "
                          "return ldexp(a, (int)clamp(floor(n), {2}, {3})); }}",
                          t, name, floatLiteral(d, -4096), floatLiteral(d, 4096)));
  return fmt::format("{}({}, {})", name, a[0], a[1]);
}

std::string wrapping(const UOp& u, const std::vector<std::string>& a, const char* op) {
  DType d = u.dtype();
  if (d.isFloat() || d.isBool() || d.isUnsigned()) return fmt::format("({} {} {})", a[0], op, a[1]);
  std::string ut = unsignedType(d);
  return fmt::format("(({})(({}){} {} ({}){}))", cType(d), ut, a[0], op, ut, a[1]);
}

std::string cast(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  DType from = u.src(0)->dtype(), to = u.dtype();
  std::string t = cType(to);
  if (to.isBool()) return fmt::format("({} != 0)", a[0]);
  if (isNarrow(to)) {
    if (to.scalar == ScalarType::Float16 && from.scalar == ScalarType::Float64) {
      // one rounding from double (no detour through float)
      useHalfBits(h);
      h.use("double_to_half", "static float double_to_half(double x) { ushort b; vstore_half_rte(x, 0, (half*)&b); "
                              "return vload_half(0, (half*)&b); }");
      return fmt::format("double_to_half({})", a[0]);
    }
    std::string f = from.isBool() ? fmt::format("({} ? 1.0f : 0.0f)", a[0]) : fmt::format("convert_float_rte({})", a[0]);
    return roundTo(to, f, h);
  }
  if (from.isBool()) return fmt::format("(({})({} ? 1 : 0))", t, a[0]);
  if (to.isFloat()) return fmt::format("convert_{}_rte({})", t, a[0]);
  if (from.isFloat()) return fmt::format("convert_{}_sat_rtz({})", t, a[0]);
  return fmt::format("(({}){})", t, a[0]); // integers wrap
}

} // namespace

std::string cType(DType d) {
  switch (d.scalar) {
  case ScalarType::Bool: return "bool";
  case ScalarType::Int8: return "char";
  case ScalarType::Int16: return "short";
  case ScalarType::Int32: return "int";
  case ScalarType::Int64:
  case ScalarType::Index: return "long";
  case ScalarType::UInt8: return "uchar";
  case ScalarType::UInt16: return "ushort";
  case ScalarType::UInt32: return "uint";
  case ScalarType::UInt64: return "ulong";
  case ScalarType::Float32: return "float";
  case ScalarType::Float64: return "double";
  case ScalarType::Float16:
  case ScalarType::BFloat16: return "float"; // computed in float, rounded after every op
  case ScalarType::Void: break;
  }
  throw CodegenError("Render", fmt::format("OpenCL C has no type for {}", toString(d)));
}

std::string memType(DType d) {
  if (d.isBool()) return "uchar";
  if (d.scalar == ScalarType::Float16) return "half"; // storage only: vload_half/vstore_half
  if (d.scalar == ScalarType::BFloat16) return "ushort";
  return cType(d);
}

bool isNarrow(DType d) { return d.scalar == ScalarType::Float16 || d.scalar == ScalarType::BFloat16; }

std::string roundTo(DType d, const std::string& v, Helpers& h) {
  if (d.scalar == ScalarType::Float16) {
    h.use("round_half", "static float round_half(float x) { ushort b; vstore_half_rte(x, 0, (half*)&b); "
                        "return vload_half(0, (half*)&b); }");
    return fmt::format("round_half({})", v);
  }
  if (d.scalar == ScalarType::BFloat16) {
    useBFloatHelpers(h);
    return fmt::format("bf16_to_float(float_to_bf16({}))", v);
  }
  return v;
}

void useBFloatHelpers(Helpers& h) {
  h.use("float_to_bf16", "static ushort float_to_bf16(float f) { uint u = as_uint(f); if (isnan(f)) return "
                         "(ushort)((u >> 16) | 0x40u); u += 0x7fffu + ((u >> 16) & 1u); return (ushort)(u >> 16); }");
  h.use("bf16_to_float", "static float bf16_to_float(ushort b) { return as_float((uint)b << 16); }");
}

void useHalfBits(Helpers& h) {
  h.use("half_bits", "static ushort half_bits(float x) { ushort b; vstore_half_rte(x, 0, (half*)&b); return b; }");
  h.use("half_from_bits", "static float half_from_bits(ushort b) { return vload_half(0, (half*)&b); }");
}

std::string literal(const UOp& c) {
  ConstValue v = *c.constValue();
  DType d = c.dtype();
  if (d.isBool()) return std::get<bool>(v) ? "true" : "false";
  if (d.isFloat())
    return floatLiteral(d, std::holds_alternative<double>(v) ? std::get<double>(v)
                                                             : static_cast<double>(std::get<int64_t>(v)));
  return intLiteral(d, std::holds_alternative<int64_t>(v) ? std::get<int64_t>(v)
                                                          : static_cast<int64_t>(std::get<bool>(v)));
}

std::string Helpers::use(const std::string& name, const std::string& definition) {
  if (m_names.insert(name).second) m_definitions.push_back(definition);
  return name;
}

std::string bitcast(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  DType from = u.src(0)->dtype(), to = u.dtype();
  if (from.scalar == ScalarType::Float16) {
    useHalfBits(h);
    return fmt::format("as_{}(half_bits({}))", cType(to), a[0]);
  }
  if (from.scalar == ScalarType::BFloat16) {
    useBFloatHelpers(h);
    return fmt::format("as_{}(float_to_bf16({}))", cType(to), a[0]);
  }
  if (to.scalar == ScalarType::Float16) {
    useHalfBits(h);
    return fmt::format("half_from_bits(as_ushort({}))", a[0]);
  }
  if (to.scalar == ScalarType::BFloat16) {
    useBFloatHelpers(h);
    return fmt::format("bf16_to_float(as_ushort({}))", a[0]);
  }
  return fmt::format("as_{}({})", cType(to), a[0]);
}

std::string arithmetic(const UOp& u, const std::vector<std::string>& a, Helpers& h);

std::string expression(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  std::string e = arithmetic(u, a, h);
  // float16 and bfloat16 compute in float and round to their format after every op
  if (isNarrow(u.dtype()) && u.op() != Op::Cast && u.op() != Op::Bitcast && u.op() != Op::Where)
    return roundTo(u.dtype(), e, h);
  return e;
}

std::string arithmetic(const UOp& u, const std::vector<std::string>& a, Helpers& h) {
  DType d = u.dtype();
  bool f = d.isFloat();
  switch (u.op()) {
  case Op::Add: return wrapping(u, a, d.isBool() ? "|" : "+");
  case Op::Mul: return wrapping(u, a, d.isBool() ? "&" : "*");
  case Op::Idiv: return f ? fmt::format("trunc({} / {})", a[0], a[1]) : intDivMod(u, a, h);
  case Op::Mod: return f ? fmt::format("fmod({}, {})", a[0], a[1]) : intDivMod(u, a, h);
  case Op::Max:
    if (f) return floatMax(u, a, h);
    return d.isBool() ? fmt::format("({} | {})", a[0], a[1]) : fmt::format("max({}, {})", a[0], a[1]);
  case Op::CmpLt: return fmt::format("({} < {})", a[0], a[1]);
  case Op::CmpNe: return fmt::format("({} != {})", a[0], a[1]);
  case Op::Xor: return fmt::format("({} ^ {})", a[0], a[1]);
  case Op::Or: return fmt::format("({} | {})", a[0], a[1]);
  case Op::And: return fmt::format("({} & {})", a[0], a[1]);
  case Op::Shl:
  case Op::Shr:
    return fmt::format("(({})({} {} ({} & {})))", cType(d), a[0], u.op() == Op::Shl ? "<<" : ">>", a[1],
                       d.bits() - 1);
  case Op::Where: return fmt::format("({} ? {} : {})", a[0], a[1], a[2]);
  case Op::Recip: return fmt::format("({} / {})", f && d.itemSize() == 8 ? "1.0" : "1.0f", a[0]);
  case Op::Trunc: return fmt::format("trunc({})", a[0]);
  case Op::Sqrt: return fmt::format("sqrt({})", a[0]);
  case Op::Exp2: return fmt::format("exp2({})", a[0]);
  case Op::Log2: return fmt::format("log2({})", a[0]);
  case Op::Sin: return fmt::format("sin({})", a[0]);
  case Op::Fma:
    return fmt::format("fma({}, {}, {})", a[0], a[1], a[2]);
  case Op::Ldexp:
    return ldexpFloor(u, a, h);
  case Op::FracNearest: // 0 for an infinite operand, as the op's docs
    return fmt::format("(isinf({0}) ? {1} : {0} - rint({0}))", a[0], floatLiteral(d, 0.0));
  case Op::Cast: return cast(u, a, h);
  case Op::Bitcast: return bitcast(u, a, h);
  default: break;
  }
  unsupported(u, "not an elementwise op of a linearized kernel");
}

} // namespace uops::opencl
