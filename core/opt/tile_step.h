// One step of a CPU heuristic rule's plan (conv_rules.h, line_copy_rules.h,
// wide_matmul_rules.h): an OptOp on the kernel's axes as numbered before the
// plan (each Split appends its new axis, so the numbers stay valid) and the
// rule that asks for it, for its remark.
#pragma once

#include "core/opt/apply_opt.h"

#include <string>
#include <vector>

namespace uops {

struct TileStep {
  Opt opt;
  std::string why;
};

// A register tile's plan: its steps, and the tile's axes (the vector axis
// first, then the one reusing its loads, if any).
struct RegisterTile {
  std::vector<TileStep> steps;
  std::vector<int> tileAxes;
};

} // namespace uops
