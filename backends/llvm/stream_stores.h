// Non-temporal stores where they pay: the renderer marks every store into a
// large buffer the kernel only writes `!nontemporal` (render_llvm.h,
// CodegenTarget::streamingStoreBytes), before LLVM's vectorizers decide which
// stores become vectors. A non-temporal store skips reading its line from
// memory first only when whole lines are written together: on x86 a vector of
// at least 16 bytes at its own alignment (vmovntps), combined in the core's
// write-combining buffers. Scalar or misaligned leftovers would be slower
// than plain stores, and x86 orders non-temporal stores only at a fence.
#pragma once

#include "backends/llvm/module_pass.h"

namespace uops {

// After vectorization: the `!nontemporal` stores of a function keep the mark
// where every one of them stores a vector of 16 bytes or more whose address
// is known aligned to its size (the alignment is raised to what the address
// is known to have); else all lose it. A function left with such stores ends with an `sfence` before
// each return, so the kernel's results are visible to every core when it
// returns, as plain stores are.
void keepWholeVectorStreams(llvm::Module& module, llvm::FunctionAnalysisManager& functions);

} // namespace uops
