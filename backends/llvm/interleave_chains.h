// Orders a loop body's instructions by their depth in its dependence graph, so
// independent chains (the copies an UPCAST made, each a long transcendental
// decomposition) alternate in the machine code instead of following one
// another. An out-of-order core only overlaps the chains its scheduler holds:
// Zen 3's float scheduler has 64 entries, about one and a half of gelu's exp2
// chains when they come one after another, so it waited on one chain's latency
// at a time (llvm-mca, znver3: gelu's loop 208 -> 163 cycles per 64 floats).
// LLVM's schedulers keep the order the SLP vectorizer left: they assume the
// core's window is large enough.
#pragma once

#include "backends/llvm/module_pass.h"

namespace uops {

// Each block that is its own loop (branches back to itself) gets its
// instructions in order of depth, ties in their original order; memory
// accesses keep their order where one of them writes and alias analysis
// cannot tell them apart. A loop whose latch's metadata holds
// `uops.loop.keep_order` keeps its order: the renderer wrote it so (a float16
// tile rounds each product before its add; by depth, all of its products were
// live at once and spilled).
void interleaveLoopChains(llvm::Module& module, llvm::FunctionAnalysisManager& functions);

} // namespace uops
