// Optimize: the kernel AST's ranges get their AxisTypes (the spec's "determine
// which axes are parallel and which are serial") and the kernel its display
// name. OptOps and BEAM come later and will run here; this is the minimal
// stage: a CPU kernel keeps its output ranges LOOP (sequential), a GPU kernel's
// become GLOBAL, REDUCE stays REDUCE.
#pragma once

#include "core/ir/uop.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/codegen_target.h"

namespace uops {

UOpPtr optimize(const UOpPtr& ast, const CodegenTarget& target);

} // namespace uops
