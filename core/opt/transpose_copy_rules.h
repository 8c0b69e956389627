// The CPU heuristics' tile for a copy into transposed order: a kernel that
// stores consecutively along its innermost output axis and reads that axis a
// line or more apart, and reads consecutively along another output axis (a
// permute's contiguous(): x.T, NCHW -> NHWC; a padded convolution input
// copied with its channels innermost, core/pipeline/rangeify_pack_filters.cpp).
// Upcast by 4 along the stored axis alone, each step read four lines for four
// floats. The tile: a vector of the stored axis by a part of the read one,
//   - where one walk along the stored axis touches more lines than L1 holds
//     (2048 x 2048: 2048 lines), a whole line of the read axis, the read
//     axis split first: each source line is used whole in one visit
//     (x.T.contiguous() of 2048 x 2048 on 2 Zen 5 cores: 13.2 ms upcast by
//     4, 1.1 ms 16 x 16; stored axis split first 2.8 ms, 2 of the read one
//     6.3 ms);
//   - otherwise four of the read axis, the stored axis split first: the
//     walk's lines stay in L1 for the next four; the read axis padded to a
//     multiple of four where that adds at most an eighth (a padded row of
//     58, an odd one of 55), else two of it where two divide it.
// The renderer writes the tile's stores from the transpose of its loaded
// rows, by shuffles (core/render/render_llvm_lane_shuffle.cpp). On 2 Zen 5
// cores, against two columns built lane by lane: 16 x 64 x 56 x 56 to NHWC
// 0.72 -> 0.34 ms; with padding, 58 x 58: 0.48 -> 0.33 ms (0.82 -> 0.72 ms
// inside the stride-2 convolution, its input read from memory); 55 x 55,
// before left elementwise: 2.52 -> 0.65 ms; x.T.contiguous() of 2048 x 2048
// (16 x 16) 3.48 -> 0.72 ms.
// Medians of alternating runs, the kernel alone.
#pragma once

#include "core/opt/tile_step.h"

#include <optional>
#include <vector>

namespace uops {

// The OptOps on the kernel's axes as numbered before them; none when the
// kernel is not such a copy (one load, gated or not, and one store, no
// reduction) or no factor divides its axes.
std::optional<std::vector<TileStep>> transposeCopyTile(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
