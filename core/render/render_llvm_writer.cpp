#include "core/render/render_llvm_writer.h"

#include "core/ir/buffer_access.h"
#include "core/render/codegen_error.h"
#include "core/runtime/float_convert.h"

#include <bit>
#include <cstdint>

#include <fmt/format.h>

namespace uops::llvmir {

void unsupported(const UOp& u, std::string_view why) {
  throw CodegenError("Render", fmt::format("cannot render {} {} to LLVM IR: {}", opName(u.op()),
                                           toString(u.dtype()), why));
}

NumKind numKind(DType d) {
  switch (d.scalar) {
  case ScalarType::Bool:
    return NumKind::Bool;
  case ScalarType::Int8:
  case ScalarType::Int16:
  case ScalarType::Int32:
  case ScalarType::Int64:
  case ScalarType::Index:
    return NumKind::Signed;
  case ScalarType::UInt8:
  case ScalarType::UInt16:
  case ScalarType::UInt32:
  case ScalarType::UInt64:
    return NumKind::Unsigned;
  case ScalarType::Float16:
  case ScalarType::BFloat16:
    return NumKind::Narrow;
  case ScalarType::Float32:
  case ScalarType::Float64:
    return NumKind::Float;
  case ScalarType::Void:
    break;
  }
  throw CodegenError("Render", fmt::format("{} has no register type", toString(d)));
}

std::string intType(int bits) {
  return fmt::format("i{}", bits);
}

std::string regType(DType d) {
  switch (numKind(d)) {
  case NumKind::Bool:
    return "i1";
  case NumKind::Signed:
  case NumKind::Unsigned:
    return intType(d.bits());
  case NumKind::Narrow:
    return "float";
  case NumKind::Float:
    return d.scalar == ScalarType::Float64 ? "double" : "float";
  }
  return "void";
}

std::string memType(DType d) {
  switch (numKind(d)) {
  case NumKind::Bool:
    return "i8";
  case NumKind::Narrow:
    return "i16";
  case NumKind::Signed:
  case NumKind::Unsigned:
  case NumKind::Float:
    return regType(d);
  }
  return "void";
}

std::string floatLiteral(DType d, double v) {
  // float registers hold float16/bfloat16 values exactly; LLVM spells every float
  // constant as the hex of the double with the same value
  double exact = roundToFloatType(d.scalar, v);
  return fmt::format("0x{:016X}", std::bit_cast<uint64_t>(exact));
}

std::string literal(const UOp& c) {
  DType d = c.dtype().scalarType();
  ConstValue v = c.constValue().value();
  if (d.isBool()) {
    bool b = std::visit([](auto x) { return x != 0; }, v);
    return b ? "true" : "false";
  }
  if (d.isFloat()) return floatLiteral(d, std::visit([](auto x) { return double(x); }, v));
  int64_t i = 0;
  if (auto* p = std::get_if<int64_t>(&v)) i = *p;
  if (auto* p = std::get_if<bool>(&v)) i = *p;
  if (auto* p = std::get_if<double>(&v)) i = static_cast<int64_t>(floatToIntBits(d.scalar, *p));
  // an iN literal in its signed spelling: the same N bits for signed and unsigned dtypes
  const ScalarType sameWidth[] = {ScalarType::Int8, ScalarType::Int16, ScalarType::Int32,
                                  ScalarType::Int64};
  ScalarType s = sameWidth[std::countr_zero(static_cast<unsigned>(d.itemSize()))];
  return fmt::format("{}", static_cast<int64_t>(wrapToInt(s, static_cast<uint64_t>(i))));
}

const std::string& Writer::operand(const UOp& u) const {
  auto it = m_names.find(&u);
  if (it == m_names.end()) unsupported(u, "its value is used before it is computed");
  return it->second;
}

// Lines are joined by hand, not formatted: a kernel's renderer writes one per
// instruction, thousands for an unrolled kernel.
std::string Writer::fresh() {
  fmt::format_int n(m_next++);
  std::string v;
  v.reserve(2 + n.size());
  v.append("%v").append(n.data(), n.size());
  return v;
}

std::string Writer::emit(std::string_view text) {
  std::string v = fresh();
  std::string& l = m_lines.emplace_back();
  l.reserve(2 + v.size() + 3 + text.size());
  l.append("  ").append(v).append(" = ").append(text);
  m_lineNodes.push_back(current);
  return v;
}

void Writer::line(std::string_view text) {
  std::string& l = m_lines.emplace_back();
  l.reserve(2 + text.size());
  l.append("  ").append(text);
  m_lineNodes.push_back(current);
}

std::string Writer::storeMetadata(const UOp& index) const {
  return streamed.count(&addressedBuffer(index)) ? ", !nontemporal !{i32 1}" : "";
}

void Writer::startBlock(const std::string& label) {
  m_lines.push_back(label + ":");
  m_lineNodes.push_back(current);
  m_block = label;
}

std::string Writer::callIntrinsic(std::string_view ret, std::string_view fn, std::string_view args,
                                  std::string_view argTypes) {
  m_declarations.insert(fmt::format("declare {} @{}({})", ret, fn, argTypes));
  std::string v = fresh();
  line(fmt::format("{} = call {} @{}({})", v, ret, fn, args));
  return v;
}

std::string Writer::callHelper(Helper h, std::string_view ret, std::string_view args) {
  m_helpers.insert(h);
  // the double and uint64 helpers are built from the narrower ones
  if (h == Helper::DoubleToFloatOdd) m_declarations.insert("declare double @llvm.fabs.f64(double)");
  if (h == Helper::UInt64ToDoubleOdd) m_declarations.insert("declare i64 @llvm.ctlz.i64(i64, i1)");
  std::string v = fresh();
  line(fmt::format("{} = call {} @{}({})", v, ret, helperName(h), args));
  return v;
}

std::string Writer::fromMemory(DType d, const std::string& v) {
  if (d.isBool()) {
    std::string b = fresh();
    line(fmt::format("{} = icmp ne i8 {}, 0", b, v));
    return b;
  }
  if (numKind(d) != NumKind::Narrow) return v;
  bool half = d.scalar == ScalarType::Float16;
  if (half && halfInstructions) {
    std::string h = emit(fmt::format("bitcast i16 {} to half", v));
    std::string f = emit(fmt::format("fpext half {} to float", h));
    m_narrowBits["h" + f] = v;
    return f;
  }
  std::string f = half ? callHelper(Helper::HalfToFloat, "float", "i16 " + v)
                       : callHelper(Helper::BFloatToFloat, "float", "i16 " + v);
  m_narrowBits[(half ? "h" : "b") + f] = v;
  return f;
}

std::string Writer::toMemory(DType d, const std::string& v) {
  if (d.isBool()) {
    std::string b = fresh();
    line(fmt::format("{} = zext i1 {} to i8", b, v));
    return b;
  }
  if (numKind(d) != NumKind::Narrow) return v;
  bool half = d.scalar == ScalarType::Float16;
  if (auto it = m_narrowBits.find((half ? "h" : "b") + v); it != m_narrowBits.end())
    return it->second;
  if (half && halfInstructions) {
    std::string h = emit(fmt::format("fptrunc float {} to half", v));
    return emit(fmt::format("bitcast half {} to i16", h));
  }
  return half ? callHelper(Helper::FloatToHalf, "i16", "float " + v)
              : callHelper(Helper::FloatToBFloat, "i16", "float " + v);
}

std::string Writer::roundTo(DType d, const std::string& v) {
  if (numKind(d) != NumKind::Narrow) return v;
  return fromMemory(d, toMemory(d, v));
}

} // namespace uops::llvmir
