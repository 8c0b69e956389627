// Explicit vector ops (vector_ops.h) as LLVM IR: `<N x float>` loads and
// stores, splats (insertelement + shufflevector), vector fadd / fmul (with
// `contract` where the scalar lanes have it: LLVM fuses them into vector
// FMAs) and llvm.maximum, the other elementwise ops as the same instructions
// on vectors; accumulator groups as one vector alloca whose
// elements are the group's REG slots. float16 lanes are `<N x float>` values,
// `<N x half>` in memory, rounded through `<N x half>` where the scalar op
// rounds (fptrunc / fpext: F16C's vcvtps2ph / vcvtph2ps on whole vectors).
#include "core/render/render_llvm_writer.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

std::string vopVectorType(size_t n, const std::string& t) {
  return fmt::format("<{} x {}>", n, t);
}

// `scalar` of type t in each of n lanes.
std::string vopSplat(Writer& w, size_t n, const std::string& t, const std::string& scalar) {
  const std::string vt = vopVectorType(n, t);
  const std::string one = w.emit(fmt::format("insertelement {} poison, {} {}, i64 0", vt, t, scalar));
  return w.emit(fmt::format("shufflevector {} {}, {} poison, <{} x i32> zeroinitializer", vt, one, vt, n));
}

bool vopHalf(DType d) {
  return d.scalar == ScalarType::Float16;
}

// `<n x float>` `v` rounded to float16, as `<n x half>`.
std::string vopToHalf(Writer& w, size_t n, const std::string& v) {
  return w.emit(
      fmt::format("fptrunc {} {} to {}", vopVectorType(n, "float"), v, vopVectorType(n, "half")));
}
std::string vopFromHalf(Writer& w, size_t n, const std::string& h) {
  return w.emit(
      fmt::format("fpext {} {} to {}", vopVectorType(n, "half"), h, vopVectorType(n, "float")));
}

// The first element of a Param group: its emitAt's address, emitLane elements back.
std::string vopStart(Writer& w, const VectorOp& op, const std::string& t) {
  const std::string& at = w.operand(*op.emitAt->src(0));
  if (op.emitLane == 0) return at;
  return w.emit(fmt::format("getelementptr inbounds {}, ptr {}, i64 -{}", t, at, op.emitLane));
}

// A Cast of vectorElementwise on n lanes: render_llvm_cast.cpp's conversions
// of one lane as vector instructions.
std::string vectorCast(Writer& w, DType from, DType to, size_t n, const std::string& a) {
  const NumKind kf = numKind(from), kt = numKind(to);
  const std::string ft = vopVectorType(n, regType(from)), tt = vopVectorType(n, regType(to));
  if (from == to) return a;
  auto convert = [&](std::string_view instruction) {
    return w.emit(fmt::format("{} {} {} to {}", instruction, ft, a, tt));
  };
  if (kt == NumKind::Bool) { // x != 0; NaN is true
    if (kf == NumKind::Bool) return a;
    return w.emit(fmt::format("{} {} {}, zeroinitializer", isFloatKind(kf) ? "fcmp une" : "icmp ne", ft, a));
  }
  if (kf == NumKind::Bool) return convert(isFloatKind(kt) ? "uitofp" : "zext");
  if (isFloatKind(kf) && isFloatKind(kt)) // float32 <-> float64
    return from.bits() == to.bits() ? a : convert(to.bits() > from.bits() ? "fpext" : "fptrunc");
  if (isFloatKind(kf)) return floatToInt(w, from, to, a, n);
  if (isFloatKind(kt)) return convert(kf == NumKind::Signed ? "sitofp" : "uitofp");
  if (from.bits() == to.bits()) return a;
  if (to.bits() < from.bits()) return convert("trunc");
  return convert(kf == NumKind::Signed ? "sext" : "zext");
}

// An op of vectorElementwise (vector_ops.h) on whole vectors of n lanes, its
// sources' vectors given: what renderAlu writes for one lane, lane by lane
// the same results.
std::string vectorElementwiseOp(Writer& w, const UOp& u, size_t n, const std::vector<std::string>& s) {
  const DType d = u.src(0)->dtype();
  const std::string t = regType(d), vt = vopVectorType(n, t);
  const NumKind kind = numKind(d);
  const bool isFloat = isFloatKind(kind), isSigned = kind == NumKind::Signed;
  auto splat = [&](const std::string& scalar) { return vopSplat(w, n, t, scalar); };
  auto binary = [&](std::string_view instruction) {
    return w.emit(fmt::format("{} {} {}, {}", instruction, vt, s[0], s[1]));
  };
  switch (u.op()) {
  case Op::Add:
    return binary("add");
  case Op::Mul:
    return binary("mul");
  case Op::Max: {
    const std::string fn = fmt::format("llvm.{}.{}", isSigned ? "smax" : "umax", vectorSuffix(n, t));
    return w.callIntrinsic(vt, fn, fmt::format("{} {}, {} {}", vt, s[0], vt, s[1]), fmt::format("{}, {}", vt, vt));
  }
  case Op::CmpLt:
    return binary(isFloat ? "fcmp olt" : isSigned ? "icmp slt" : "icmp ult");
  case Op::CmpNe:
    return binary(isFloat ? "fcmp une" : "icmp ne");
  case Op::Where: {
    const std::string rt = vopVectorType(n, regType(u.dtype()));
    return w.emit(fmt::format("select {} {}, {} {}, {} {}", vopVectorType(n, "i1"), s[0], rt, s[1], rt, s[2]));
  }
  case Op::And:
    return binary("and");
  case Op::Or:
    return binary("or");
  case Op::Xor:
    return binary("xor");
  case Op::Shl:
  case Op::Shr: { // amounts modulo the width, as the scalar shift
    const std::string amount = w.emit(fmt::format("and {} {}, {}", vt, s[1], splat(std::to_string(d.bits() - 1))));
    const char* op = u.op() == Op::Shl ? "shl" : isSigned ? "ashr" : "lshr";
    return w.emit(fmt::format("{} {} {}, {}", op, vt, s[0], amount));
  }
  case Op::Recip:
    return w.emit(fmt::format("fdiv {} {}, {}", vt, splat(floatLiteral(dtypes::float64, 1.0)), s[0]));
  case Op::Trunc:
  case Op::Sqrt:
    return w.callIntrinsic(vt, fmt::format("llvm.{}.{}", u.op() == Op::Trunc ? "trunc" : "sqrt", vectorSuffix(n, t)),
                           fmt::format("{} {}", vt, s[0]), vt);
  case Op::Bitcast:
    return w.emit(fmt::format("bitcast {} {} to {}", vt, s[0], vopVectorType(n, regType(u.dtype()))));
  case Op::Cast:
    return vectorCast(w, d, u.dtype(), n, s[0]);
  default:
    unsupported(u, "no vector form (vector_ops.h)");
  }
}

} // namespace

void renderRegisterSlots(Writer& w, const KernelMemoryPlan& plan, const VectorOpPlan& vops) {
  for (size_t g = 0; g < vops.regGroups.size(); ++g) {
    const std::vector<int>& slots = vops.regGroups[g];
    w.line(fmt::format("%regv{} = alloca {}", g,
                       vopVectorType(slots.size(), regType(plan.slots[static_cast<size_t>(slots[0])].dtype))));
  }
  for (size_t s = 0; s < plan.slots.size(); ++s) {
    const std::string t = regType(plan.slots[s].dtype);
    if (auto it = vops.slotLane.find(static_cast<int>(s)); it != vops.slotLane.end())
      w.line(fmt::format("%reg{} = getelementptr inbounds {}, ptr %regv{}, i64 {}", s, t, it->second.first,
                         it->second.second));
    else
      w.line(fmt::format("%reg{} = alloca {}, i64 {}", s, t, plan.slots[s].size));
  }
}

void renderVectorOp(Writer& w, const VectorOpPlan& vops, int index, std::vector<std::string>& values) {
  const VectorOp& op = vops.ops[static_cast<size_t>(index)];
  const UOp& first = *op.lanes[0];
  const bool store = op.kind == VectorOpKind::ParamStore || op.kind == VectorOpKind::RegStore;
  const DType d = store ? first.src(1)->dtype() : first.dtype();
  const size_t n = op.lanes.size();
  const std::string t = regType(d), vt = vopVectorType(n, t);
  // a Param's elements: float16 as half, others as their register type
  const std::string mt = vopHalf(d) ? "half" : t, mvt = vopVectorType(n, mt);
  // operand i: another op's vector, or a splat of the first lane's source
  auto operand = [&](size_t i) -> std::string {
    const int p = op.operands[i];
    if (p != kSplat) return values[static_cast<size_t>(p)];
    const UOp& scalar = *first.src(store ? 1 : i);
    return vopSplat(w, n, regType(scalar.dtype()), w.operand(scalar));
  };
  const std::string accumulators = fmt::format("%regv{}", op.regGroup);
  std::string v;
  switch (op.kind) {
  case VectorOpKind::ParamLoad:
    v = w.emit(fmt::format("load {}, ptr {}, align {}", mvt, vopStart(w, op, mt), d.itemSize()));
    if (vopHalf(d)) v = vopFromHalf(w, n, v);
    break;
  case VectorOpKind::RegLoad:
    v = w.emit(fmt::format("load {}, ptr {}", vt, accumulators));
    break;
  case VectorOpKind::Alu: {
    if (isHalfCast(first)) { // float16 <-> float32: the float16 side's rounding
      v = operand(0);
      if (vopHalf(d)) v = vopFromHalf(w, n, vopToHalf(w, n, v));
      break;
    }
    const bool floatArithmetic =
        (first.op() == Op::Add || first.op() == Op::Mul || first.op() == Op::Max) && isFloatKind(numKind(d));
    if (!floatArithmetic) {
      std::vector<std::string> sources;
      for (size_t i = 0; i < first.src().size(); ++i) sources.push_back(operand(i));
      v = vectorElementwiseOp(w, first, n, sources);
      break;
    }
    const std::string a = operand(0), b = operand(1);
    const char* flags = w.contract.count(&first) ? " contract" : "";
    if (first.op() == Op::Add) v = w.emit(fmt::format("fadd{} {} {}, {}", flags, vt, a, b));
    else if (first.op() == Op::Mul) v = w.emit(fmt::format("fmul{} {} {}, {}", flags, vt, a, b));
    else
      v = w.callIntrinsic(vt, fmt::format("llvm.maximum.v{}{}", n, t == "double" ? "f64" : "f32"),
                          fmt::format("{} {}, {} {}", vt, a, vt, b), fmt::format("{}, {}", vt, vt));
    // a float16 sum or product rounds (the larger of two float16s is one)
    if (vopHalf(d) && first.op() != Op::Max) v = vopFromHalf(w, n, vopToHalf(w, n, v));
    break;
  }
  case VectorOpKind::ParamStore: {
    const std::string value = vopHalf(d) ? vopToHalf(w, n, operand(0)) : operand(0);
    auto write = [&] {
      w.line(fmt::format("store {} {}, ptr {}, align {}{}", mvt, value, vopStart(w, op, mt), d.itemSize(),
                         w.storeMetadata(*first.src(0))));
    };
    if (first.src().size() < 3) return write();
    const bool oneGate = std::all_of(op.lanes.begin(), op.lanes.end(),
                                     [&](const UOp* l) { return l->src(2) == first.src(2); });
    if (!oneGate) {
      // each lane its own gate (a padded axis inside the vector): one masked store
      const std::string suffix = vectorSuffix(n, mt);
      w.line(fmt::format("call void @llvm.masked.store.{}.p0({} {}, ptr {}, i32 {}, <{} x i1> {})", suffix, mvt,
                         value, vopStart(w, op, mt), d.itemSize(), n, renderLaneMask(w, op.lanes)));
      w.declare(fmt::format("declare void @llvm.masked.store.{}.p0({}, ptr, i32, <{} x i1>)", suffix, mvt, n));
      return;
    }
    // the lanes' one gate (vector_access.h): a padded axis' positions are not written
    const std::string label = w.fresh().substr(1);
    w.line(fmt::format("br i1 {}, label %{}.then, label %{}.done", w.operand(*first.src(2)), label, label));
    w.startBlock(label + ".then");
    write();
    w.line(fmt::format("br label %{}.done", label));
    w.startBlock(label + ".done");
    return;
  }
  case VectorOpKind::RegStore:
    w.line(fmt::format("store {} {}, ptr {}", vt, operand(0), accumulators));
    return;
  }
  values[static_cast<size_t>(index)] = v;
}

} // namespace uops::llvmir
