// The CPU heuristics' tile for a copy that moves whole lines from one order
// into another: a matmul operand's packed panels (core/pipeline/rangeify_pack.cpp,
// [columns / 16, rows, 16] from [rows, columns]). Its kernel nests
// panels, rows, elements: each step reads one line of a different source row
// (4 KiB apart in a 1024-column matrix) and the next step's line is in the
// next row, so a pass over the rows reads a line per page. The tile:
//   - the elements (the line) upcast whole: one vector load and store each;
//   - the rows' loop outside the panels': the source rows are read in order,
//     one line after the other along each row;
//   - 8 rows upcast: each step reads 8 rows' lines (8 streams in order) and
//     writes 8 consecutive lines of the copy (512 bytes).
// A 1024 x 1024 operand on 2 Zen 3 cores (AVX2), minimum of 1000 runs in
// each of four alternating rounds on a loaded machine: 0.38-0.60 ms as
// nested before, 0.23-0.36 ms tiled.
#pragma once

#include "core/opt/tile_step.h"

#include <optional>
#include <vector>

namespace uops {

// The OptOps on the kernel's axes as numbered before them; none when the
// kernel is not such a copy (one load and one store, no reduction, the
// elements consecutive on both sides and whole vectors, the rows read with a
// stride of a line or more and written one line apart, the panels read one
// line apart).
std::optional<std::vector<TileStep>> lineCopyTile(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
