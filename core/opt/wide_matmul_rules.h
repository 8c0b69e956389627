// The CPU heuristics' register tile for a matmul with 512-bit vectors
// (AVX-512): one reduction, the columns read consecutively from the operand
// reused across the rows (its packed panels, core/pipeline/rangeify_pack.cpp)
// and the rows from the one reused across the columns. The tile is chosen
// among columns x rows of 64 x 4, 48 x 4, 32 x 8, 32 x 4, 16 x 8 and 16 x 4
// as the first that the columns, the rows and the kernel's budgets allow
// together (a fused epilogue, gelu's, makes each copy larger):
//   - columns that the vectors do not divide (16 at least) are padded to
//     whole vectors where that adds at most a quarter (333 -> 336): a packed panel's zeros leave
//     the loads ungated, an operand read as it is (not packed: a small or computed one) is read
//     with masked vectors; three vectors (48) where two do not divide them;
//   - rows that the tile's do not divide are padded to whole tiles for each
//     core where that adds at most 1/32 of them (a quarter where 4 does not
//     divide them), their loads reading the last row and their stores gated
//     (999 -> 1000).
// The generic tile (heuristics.cpp) took one axis at a time: a first factor
// that left no budget for the rows (64 columns by 1 row under gelu), half
// vectors for 1000 columns (8 x 8), no tile for 333. Sapphire Rapids, 2
// cores, the kernel alone (minimum of 7): 999 x 512 @ 512 x 333 29.1 ->
// 1.07 ms, 1000^3 13.1 -> 6.3 ms (48 x 4 with the column tiles outside the
// rows), 256 x 768 @ 768 x 3072 with gelu fused 38.5 -> 4.8 ms (32 x 4),
// 167 x 156 @ 156 x 309 (B computed, not packed) 0.78 -> 0.32 ms (32 x 4).
#pragma once

#include "core/opt/tile_step.h"

#include <optional>

namespace uops {

// `applied`: the OptOps already on `ast` (applyOpt's). None where the kernel
// is not such a matmul or no tile fits.
std::optional<RegisterTile> wideMatmulTile(const UOpPtr& ast, const OptTarget& target,
                                           const std::vector<Opt>& applied);

} // namespace uops
