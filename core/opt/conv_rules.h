// The CPU heuristics' register tiles for convolutions whose image rows are not
// whole vectors (heuristics.h tiles the others): with 512-bit vectors,
//   - short rows (fewer than two vectors, not a multiple of one: the 28- and
//     14-wide rows of EfficientNet's and ResNet's later layers): the whole row
//     and two rows of the output (consecutive in memory) are one run of
//     vectors, tiled with output channels. Padded to whole vectors instead,
//     a row's tail vector is mostly masked and LLVM split the tile into 8- and
//     4-float halves;
//   - depthwise (no output axis reuses a load that depends on the image row,
//     so no tile across channels; the reductions a small window only): the
//     whole row (56 floats: three vectors and a half, none padded) and two
//     output rows, the window's loops around them (16x144x56x56, loaded
//     machine, same run: row by 8 40 and 36 ms, whole row 26 and 20, whole
//     row x 2 rows 19 and 22, padded 16 x 4 rows with the window's rows
//     unrolled 100 and 135).
// Rows that are a multiple of the vector width keep heuristics.h's tile.
// A plan of OptOps on the kernel's axes as numbered before them (each Split
// appends its new axis, so the numbers stay valid); none where no rule fits.
#pragma once

#include "core/opt/apply_opt.h"

#include <optional>
#include <string>
#include <vector>

namespace uops {

struct ConvTileStep {
  Opt opt;
  std::string why; // the rule, for its remark
};

struct ConvTile {
  std::vector<ConvTileStep> steps;
  std::vector<int> tileAxes; // the vector axis first, then the one reusing its loads (if any)
};

std::optional<ConvTile> convTile(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
