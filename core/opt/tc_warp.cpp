#include "core/opt/tc_warp.h"

#include "core/ir/build.h"
#include "core/ir/warp_fragment.h"

namespace uops {
namespace {

// The fragment of `operand` lane `lane` holds: x at the places of its elements.
UOpPtr warpFragment(const WmmaTile& tile, WmmaOperand operand, const UOpPtr& x, const UOp* rowRange,
                    const UOp* colRange, const UOpPtr& lane) {
  UOpList elements;
  for (int64_t j = 0; j < fragmentElements(tile, operand); ++j) {
    auto [row, col] = fragmentPlace(tile, operand, lane, constIndex(j));
    elements.push_back(substitute(x, {{rowRange, row}, {colRange, col}}));
  }
  return UOp::make(Op::Stack, x->dtype(), std::move(elements));
}

} // namespace

WarpTileRewrite warpTile(const WarpTileParts& p, const TensorCore& tc, int64_t nextRange) {
  const WmmaTile& tile = tc.tile;
  UOpPtr lane = range(wmmaLanes(tile), nextRange, AxisType::Warp);
  UOpPtr e = range(fragmentElements(tile, WmmaOperand::C), nextRange + 1, AxisType::Upcast);
  UOpPtr a = warpFragment(tile, WmmaOperand::A, p.a, p.mu, p.ku, lane);
  UOpPtr b = warpFragment(tile, WmmaOperand::B, p.b, p.ku, p.nu, lane);
  UOpList zeros(static_cast<size_t>(fragmentElements(tile, WmmaOperand::C)), constant(tc.acc, 0.0));
  UOpPtr acc = UOp::make(Op::Stack, tc.acc, std::move(zeros));
  UOpPtr w = UOp::make(Op::Wmma, tc.acc, {a, b, acc}, formatWmmaTile(tile));
  UOpList src{UOp::make(Op::Index, tc.acc, {w, e})};
  for (size_t i = 1; i < p.reduce->src().size(); ++i)
    if (p.reduce->src(i).get() != p.ku) src.push_back(p.reduce->src(i));
  auto [row, col] = fragmentPlace(tile, WmmaOperand::C, lane, e);
  WarpTileRewrite out;
  out.subst.emplace(p.reduce, p.reduce->withSrc(std::move(src)));
  out.subst.emplace(p.mu, row);
  out.subst.emplace(p.nu, col);
  out.rangeLists.emplace(p.mu, UOpList{lane, e});
  out.rangeLists.emplace(p.nu, UOpList{});
  return out;
}

} // namespace uops
