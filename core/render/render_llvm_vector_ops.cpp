// Explicit vector ops (vector_ops.h) as LLVM IR: `<N x float>` loads and
// stores, splats (insertelement + shufflevector), vector fadd / fmul (with
// `contract` where the scalar lanes have it: LLVM fuses them into vector
// FMAs) and llvm.maximum, the other elementwise ops as the same instructions
// on vectors (render_llvm_alu.cpp's elementwiseOp writes both); accumulator groups as one vector
// alloca whose elements are the group's REG slots. bool lanes are `<N x i1>` values, `<N x i8>`
// in memory. float16 lanes are `<N x float>` values, `<N x half>` in memory, rounded through
// `<N x half>` where the scalar op rounds (fptrunc / fpext: F16C's vcvtps2ph / vcvtph2ps on
// whole vectors).
#include "core/render/render_llvm_writer.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

bool vopHalf(DType d) {
  return d.scalar == ScalarType::Float16;
}

// `<n x float>` `v` rounded to float16, as `<n x half>`.
std::string vopToHalf(Writer& w, size_t n, const std::string& v) {
  return w.emit(
      fmt::format("fptrunc {} {} to {}", laneType(n, "float"), v, laneType(n, "half")));
}
std::string vopFromHalf(Writer& w, size_t n, const std::string& h) {
  return w.emit(
      fmt::format("fpext {} {} to {}", laneType(n, "half"), h, laneType(n, "float")));
}

// The first element of a Param group: its emitAt's address, emitLane elements back.
std::string vopStart(Writer& w, const VectorOp& op, const std::string& t) {
  const std::string& at = w.operand(*op.emitAt->src(0));
  if (op.emitLane == 0) return at;
  return w.emit(fmt::format("getelementptr inbounds {}, ptr {}, i64 -{}", t, at, op.emitLane));
}

} // namespace

void renderRegisterSlots(Writer& w, const KernelMemoryPlan& plan, const VectorOpPlan& vops) {
  for (size_t g = 0; g < vops.regGroups.size(); ++g) {
    const std::vector<int>& lanes = vops.regGroups[g];
    const UOp& buffer = *plan.registers[static_cast<size_t>(lanes[0])].buffer;
    w.line(fmt::format("%regv{} = alloca {}", g, laneType(lanes.size(), regType(buffer.dtype()))));
  }
  std::vector<bool> scalar(plan.slots.size(), false);
  for (size_t i = 0; i < plan.registers.size(); ++i)
    if (!vops.accumulatorLane.count(static_cast<int>(i)))
      scalar[static_cast<size_t>(plan.registers[i].slot)] = true;
  for (size_t s = 0; s < plan.slots.size(); ++s)
    if (scalar[s])
      w.line(fmt::format("%reg{} = alloca {}, i64 {}", s, regType(plan.slots[s].dtype),
                         plan.slots[s].size));
  for (size_t i = 0; i < plan.registers.size(); ++i)
    if (auto it = vops.accumulatorLane.find(static_cast<int>(i)); it != vops.accumulatorLane.end())
      w.line(fmt::format("%acc{} = getelementptr inbounds {}, ptr %regv{}, i64 {}", i,
                         regType(plan.registers[i].buffer->dtype()), it->second.first,
                         it->second.second));
}

std::string registerName(const UOp& buffer, const KernelMemoryPlan& plan,
                         const VectorOpPlan& vops) {
  for (size_t i = 0; i < plan.registers.size(); ++i) {
    if (plan.registers[i].buffer.get() != &buffer) continue;
    if (vops.accumulatorLane.count(static_cast<int>(i))) return fmt::format("%acc{}", i);
    break;
  }
  return fmt::format("%reg{}", plan.slotOf(buffer));
}

void renderVectorOp(Writer& w, const VectorOpPlan& vops, int index, std::vector<std::string>& values) {
  const VectorOp& op = vops.ops[static_cast<size_t>(index)];
  const UOp& first = *op.lanes[0];
  const bool store = op.kind == VectorOpKind::ParamStore || op.kind == VectorOpKind::RegStore;
  const DType d = store ? first.src(1)->dtype() : first.dtype();
  const size_t n = op.lanes.size();
  const std::string t = regType(d), vt = laneType(n, t);
  // a Param's elements: float16 as half, bool as i8, others as their register type
  const std::string mt = vopHalf(d) ? "half" : d.isBool() ? "i8" : t, mvt = laneType(n, mt);
  // operand i: another op's vector, or a splat of the first lane's source
  auto operand = [&](size_t i) -> std::string {
    const int p = op.operands[i];
    if (p == kLanes) {
      std::vector<const UOp*> lanes;
      for (const UOp* l : op.lanes)
        lanes.push_back(l->src(1).get());
      return gatherLanes(w, lanes);
    }
    if (p != kSplat) return values[static_cast<size_t>(p)];
    const UOp& scalar = *first.src(store ? 1 : i);
    return inEveryLane(w, n, regType(scalar.dtype()), w.operand(scalar));
  };
  const std::string accumulators = fmt::format("%regv{}", op.regGroup);
  std::string v;
  switch (op.kind) {
  case VectorOpKind::ParamLoad:
    v = w.emit(fmt::format("load {}, ptr {}, align {}", mvt, vopStart(w, op, mt), d.itemSize()));
    if (vopHalf(d)) v = vopFromHalf(w, n, v);
    if (d.isBool()) v = w.emit(fmt::format("icmp ne {} {}, zeroinitializer", mvt, v));
    for (size_t k = 0; k < n; ++k)
      w.bindLane(*op.lanes[k], {v, n, k});
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
    std::vector<std::string> sources;
    for (size_t i = 0; i < first.src().size(); ++i) sources.push_back(operand(i));
    v = elementwiseOp(w, first, n, sources);
    // a float16 sum or product rounds (the larger of two float16s is one)
    if (vopHalf(d) && (first.op() == Op::Add || first.op() == Op::Mul)) v = vopFromHalf(w, n, vopToHalf(w, n, v));
    break;
  }
  case VectorOpKind::ParamStore: {
    const std::string value = vopHalf(d) ? vopToHalf(w, n, operand(0))
                              : d.isBool()
                                  ? w.emit(fmt::format("zext {} {} to {}", vt, operand(0), mvt))
                                  : operand(0);
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
  case VectorOpKind::Fold: {
    // the groups maxed lane by lane, then the low half against the high half down to one lane
    size_t width = vops.regGroups[static_cast<size_t>(op.folded[0])].size();
    for (int g : op.folded) {
      const std::string group = w.emit(fmt::format("load {}, ptr %regv{}", laneType(width, t), g));
      v = v.empty() ? group : elementwiseOp(w, first, width, {v, group});
    }
    for (; width > 2; width /= 2) {
      auto half = [&](size_t from) {
        std::string picks;
        for (size_t k = 0; k < width / 2; ++k)
          picks += fmt::format("{}i32 {}", k ? ", " : "", from + k);
        return w.emit(fmt::format("shufflevector {} {}, {} poison, <{} x i32> <{}>",
                                  laneType(width, t), v, laneType(width, t), width / 2, picks));
      };
      const std::string low = half(0), high = half(width / 2);
      v = elementwiseOp(w, first, width / 2, {low, high});
    }
    const std::string low = w.emit(fmt::format("extractelement {} {}, i64 0", laneType(2, t), v));
    const std::string high = w.emit(fmt::format("extractelement {} {}, i64 1", laneType(2, t), v));
    w.bind(first, elementwiseOp(w, first, 0, {low, high}));
    return;
  }
  }
  values[static_cast<size_t>(index)] = v;
}

} // namespace uops::llvmir
