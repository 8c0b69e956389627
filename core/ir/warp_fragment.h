// Which elements of a Wmma's tiles each work-item holds. A tile with
// WarpLayout::None lies whole in one work-item, row-major. A warp layout
// spreads it over the 32 work-items (lanes) of a warp or wave, as the
// hardware's matrix instruction expects its registers:
//   Nvidia 16x8x16 (mma.sync m16n8k16, f16 and bf16 inputs; PTX ISA 9.7.13.4.8),
//     g = lane / 4, t = lane % 4:
//     A: 8 per lane, (g + 8*(i/2 % 2), 2t + i%2 + 8*(i/4))
//     B: 4 per lane, (2t + i%2 + 8*(i/2), g)
//     C: 4 per lane, (g + 8*(i/2), 2t + i%2)
//   Nvidia 16x8x8 (mma.sync m16n8k8, tf32 inputs):
//     A: 4 per lane, (g + 8*(i%2), t + 4*(i/2));  B: 2 per lane, (t + 4*i, g);  C as above
//   Amd 16x16x16 (RDNA3 v_wmma_f32_16x16x16, wave32): lanes 16..31 repeat A and B
//     A: 16 per lane, (lane%16, i);  B: 16 per lane, (i, lane%16)
//     C: 8 per lane, (2i + lane/16, lane%16)
// (row, column) of A (m x k), B (k x n) and C (m x n).
#pragma once

#include "core/ir/uop.h"
#include "core/ir/wmma_tile.h"

#include <cstdint>
#include <utility>

namespace uops {

enum class WmmaOperand : unsigned char { A, B, C };

struct FragmentPlace {
  int64_t row = 0, col = 0;
  friend bool operator==(const FragmentPlace&, const FragmentPlace&) = default;
};

// Whether the tile's sizes are ones its layout describes (any sizes for None).
bool knownWmmaLayout(const WmmaTile& tile);
// Work-items one tile is spread over: 1 for None, 32 for a warp layout.
int64_t wmmaLanes(const WmmaTile& tile);
// Elements of `operand` each work-item holds.
int64_t fragmentElements(const WmmaTile& tile, WmmaOperand operand);
// Where element `element` of work-item `lane`'s fragment lies in its tile.
FragmentPlace fragmentPlace(const WmmaTile& tile, WmmaOperand operand, int64_t lane, int64_t element);
// The lane and element that hold the tile's (row, col) of `operand` (the
// lowest such lane where several repeat it).
struct FragmentHolder {
  int64_t lane = 0, element = 0;
};
FragmentHolder fragmentHolder(const WmmaTile& tile, WmmaOperand operand, int64_t row, int64_t col);
// The same as index expressions of a lane and an element index.
std::pair<UOpPtr, UOpPtr> fragmentPlace(const WmmaTile& tile, WmmaOperand operand, const UOpPtr& lane,
                                        const UOpPtr& element);

} // namespace uops
