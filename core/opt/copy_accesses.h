// What the CPU heuristics' copy rules (line_copy_rules.h,
// transpose_copy_rules.h) read off a kernel: its one Load and one Store, its
// output axes, and the coefficient of an axis in an access's index.
#pragma once

#include "core/ir/uop.h"
#include "core/opt/apply_opt.h"
#include "core/opt/heuristic_axes.h"

#include <cstdint>
#include <optional>

namespace uops {

struct CopyAccesses {
  const UOp* load = nullptr;
  const UOp* store = nullptr;
};

// The kernel's one Load and one Store; nullopt when it has others, a
// reduction, an access without an Index, or a gated access (a gated Load
// counts where `gatedLoad`: a padded copy's borders).
std::optional<CopyAccesses> copyAccesses(const UOpPtr& ast, bool gatedLoad);

// A copy kernel as the copy rules tile it on a CPU target with vectors of 4
// floats or more: its accesses (copyAccesses) and its output axes of more
// than one element, innermost first; nullopt where the target is not such a
// CPU, the kernel is not such a copy, or an axis is symbolic.
struct CopyKernel {
  CopyAccesses access;
  std::vector<KernelAxis> outputs;
  int64_t lanes; // floats a vector
};
std::optional<CopyKernel> vectorCopyKernel(const UOpPtr& ast, const OptTarget& target,
                                           bool gatedLoad);

// The coefficient of `r` in an access's index (0: it does not depend on it),
// nullopt when the index is not a linear form.
std::optional<int64_t> coefficientAlong(const UOp& access, const UOp& r);

} // namespace uops
