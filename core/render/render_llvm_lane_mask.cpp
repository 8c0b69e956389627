// A gated group's mask computed as vectors. The lanes of a padded
// convolution's row test the same column against bounds shifted by their lane
// number (col >= 1 - k, col < 57 - k) and share the row's test: built lane by
// lane, as 16 inserted i1, the mask costs four mask-register operations a lane
// (x86's k registers; MCA on Zen 5: 28 cycles an iteration of a depthwise
// convolution's eight-lane row, bound by them, for one vector FMA). Here each
// gate is split into its conjuncts: a bound on one value with a constant
// differing by lane is one vector compare against a constant vector, any other
// conjunct is broadcast (and set true in the lanes without it), and the parts
// are and-ed.
#include "core/render/render_llvm_writer.h"

#include "core/ir/reaches.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <utility>

namespace uops::llvmir {
namespace {

// The conjuncts of a gate: its And tree flattened, constant trues dropped.
void laneMaskConjuncts(const UOp& g, std::vector<const UOp*>& out) {
  if (g.op() == Op::And && g.dtype() == dtypes::bool_) {
    laneMaskConjuncts(*g.src(0), out);
    laneMaskConjuncts(*g.src(1), out);
    return;
  }
  std::optional<ConstValue> c = g.constValue();
  if (c && std::holds_alternative<bool>(*c) && std::get<bool>(*c)) return;
  out.push_back(&g);
}

// `x < c` (upper) or `!(x < c)`, that is `x >= c` (lower), with x a signed
// integer and c a constant: the bound's value and its constant.
struct LaneBound {
  const UOp* x = nullptr;
  bool lower = false;
  int64_t c = 0;
};

std::optional<LaneBound> laneBoundOf(const UOp& a) {
  const UOp* lt = &a;
  bool lower = false;
  if (a.op() == Op::CmpNe) {
    std::optional<ConstValue> t = a.src(1)->constValue();
    if (!t || !std::holds_alternative<bool>(*t) || !std::get<bool>(*t)) return std::nullopt;
    lt = a.src(0).get();
    lower = true;
  }
  if (lt->op() != Op::CmpLt || numKind(lt->src(0)->dtype()) != NumKind::Signed) return std::nullopt;
  std::optional<ConstValue> c = lt->src(1)->constValue();
  if (!c || !std::holds_alternative<int64_t>(*c) || lt->src(0)->constValue()) return std::nullopt;
  return LaneBound{lt->src(0).get(), lower, std::get<int64_t>(*c)};
}

std::string laneMaskSplat(Writer& w, const std::string& elem, const std::string& v, size_t n) {
  std::string one = w.emit(fmt::format("insertelement <{} x {}> poison, {} {}, i32 0", n, elem, elem, v));
  return w.emit(fmt::format("shufflevector <{} x {}> {}, <{} x {}> poison, <{} x i32> zeroinitializer", n, elem, one,
                            n, elem, n));
}

} // namespace

std::string renderLaneMask(Writer& w, const std::vector<const UOp*>& lanes) {
  const size_t n = lanes.size();
  // per value and direction, each lane's constant (none: the lane has no such bound)
  std::map<std::pair<const UOp*, bool>, std::vector<std::optional<int64_t>>> bounds;
  std::map<const UOp*, std::vector<bool>> others; // any other conjunct: the lanes that have it
  std::vector<const UOp*> order;                  // conjuncts in first-seen order, so the text is stable
  std::vector<std::pair<const UOp*, bool>> boundOrder;
  // A mask that does not change along the innermost loop is hoisted out of it
  // by LLVM, so lane by lane costs nothing there; built of vector compares
  // beside a register tile (a 3x3 convolution's, gates outside its loop over
  // input channels), LLVM packed the tile's multiply-adds into 8-float halves
  // instead of 16-float vectors (conv2d 3x3: 155-229 -> 361-424 ms).
  bool fallback = !w.openLoops.empty() && std::none_of(lanes.begin(), lanes.end(), [&](const UOp* l) {
    return l->src().size() == 3 && reaches(*l->src(2), *w.openLoops.back());
  });
  for (size_t k = 0; k < n && !fallback; ++k) {
    if (lanes[k]->src().size() != 3) continue;
    std::vector<const UOp*> parts;
    laneMaskConjuncts(*lanes[k]->src(2), parts);
    for (const UOp* a : parts) {
      if (!w.bound(*a)) {
        fallback = true;
        break;
      }
      std::optional<LaneBound> b = laneBoundOf(*a);
      if (b && w.bound(*b->x)) {
        auto key = std::make_pair(b->x, b->lower);
        auto [it, fresh] = bounds.try_emplace(key, std::vector<std::optional<int64_t>>(n));
        if (fresh) boundOrder.push_back(key);
        std::optional<int64_t>& slot = it->second[k];
        // two bounds on one value in one lane: the tighter holds both
        slot = !slot ? b->c : b->lower ? std::max(*slot, b->c) : std::min(*slot, b->c);
        continue;
      }
      auto [it, fresh] = others.try_emplace(a, std::vector<bool>(n, false));
      if (fresh) order.push_back(a);
      it->second[k] = true;
    }
  }
  if (fallback) { // lane by lane
    std::string mask = "poison";
    for (size_t k = 0; k < n; ++k)
      mask = w.emit(fmt::format("insertelement <{} x i1> {}, i1 {}, i32 {}", n, mask,
                                lanes[k]->src().size() == 3 ? w.operand(*lanes[k]->src(2)) : "true", k));
    return mask;
  }
  std::vector<std::string> parts;
  for (const auto& key : boundOrder) {
    const auto& [x, lower] = key;
    std::string t = regType(x->dtype()), value = w.operand(*x);
    int bits = static_cast<int>(x->dtype().itemSize() * 8);
    // 64-bit indices compared as 32-bit where the value and the bounds fit:
    // one 512-bit compare for 16 lanes, not two
    const MinMax& m = x->minMax();
    auto fits32 = [](__int128 v) { return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max(); };
    const std::vector<std::optional<int64_t>>& cs = bounds[key];
    if (bits > 32 && !m.isFloat && fits32(m.lo) && fits32(m.hi) &&
        std::all_of(cs.begin(), cs.end(), [&](const std::optional<int64_t>& c) { return !c || fits32(*c); })) {
      value = w.emit(fmt::format("trunc {} {} to i32", t, value));
      t = "i32";
      bits = 32;
    }
    // a lane without the bound compares against the type's extreme: always true
    const int64_t none = lower ? (bits >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (bits - 1)))
                               : (bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1);
    std::string consts;
    for (size_t k = 0; k < n; ++k)
      consts += fmt::format("{}{} {}", k ? ", " : "", t, bounds[key][k].value_or(none));
    parts.push_back(w.emit(fmt::format("icmp {} <{} x {}> {}, <{}>", lower ? "sge" : "slt", n, t,
                                       laneMaskSplat(w, t, value, n), consts)));
  }
  for (const UOp* a : order) {
    std::string splat = laneMaskSplat(w, "i1", w.operand(*a), n);
    const std::vector<bool>& has = others[a];
    if (std::find(has.begin(), has.end(), false) == has.end()) {
      parts.push_back(splat);
      continue;
    }
    std::string absent;
    for (size_t k = 0; k < n; ++k) absent += fmt::format("{}i1 {}", k ? ", " : "", has[k] ? "false" : "true");
    parts.push_back(w.emit(fmt::format("or <{} x i1> {}, <{}>", n, splat, absent)));
  }
  if (parts.empty()) { // every gate a constant true
    std::string all;
    for (size_t k = 0; k < n; ++k) all += fmt::format("{}i1 true", k ? ", " : "");
    return fmt::format("<{}>", all);
  }
  std::string mask = parts[0];
  for (size_t i = 1; i < parts.size(); ++i) mask = w.emit(fmt::format("and <{} x i1> {}, {}", n, mask, parts[i]));
  return mask;
}

} // namespace uops::llvmir
