// LLVM's optimization remarks for one kernel: the passed, missed and
// analysis remarks of the pass pipeline the CPU compile runs (the loop and
// SLP vectorizers, the unroller, LICM, GVN, the inliner, ...), each with the
// line of the rendered IR it is about (ir_lines.h). A compile of its own:
// the JIT's caches never see it, and ordinary compiles collect nothing.
#pragma once

#include "backends/llvm/target_desc.h"
#include "core/remarks/remark.h"

#include <string>
#include <vector>

namespace uops {

// Parses, optimizes (as compileToObject does) and stops before codegen.
// Throws JitError as compileToObject does for bad IR or a failing pass.
std::vector<Remark> llvmRemarks(const std::string& ir, const std::string& entry, const TargetDesc& target,
                                int optLevel);

} // namespace uops
