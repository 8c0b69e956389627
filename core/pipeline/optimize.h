// Optimize: the kernel AST's ranges get their AxisTypes (the spec's "determine
// which axes are parallel and which are serial") and the kernel its display
// name: a CPU kernel keeps its output ranges LOOP (sequential), a GPU kernel's
// become GLOBAL, REDUCE stays REDUCE. On the CPU a row kernel's expensive
// elements get a REG row buffer (row_cache.h, the spec's "insert local
// buffers"). The OptOps (codegen.cpp: given, heuristics or BEAM) apply after.
#pragma once

#include "core/ir/uop.h"
#include "core/opt/kernel_ranges.h"
#include "core/render/codegen_target.h"

namespace uops {

UOpPtr optimize(const UOpPtr& ast, const CodegenTarget& target);

} // namespace uops
