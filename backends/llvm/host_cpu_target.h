// The CPU device's CodegenTarget for this machine: its cores and its widest
// float vectors, so the heuristics size THREAD splits and register tiles.
#pragma once

#include "core/render/codegen_target.h"

namespace uops {

// cpuTarget() with `threads` = the host's hardware threads and `vectorBits`
// from LLVM's host features (512 with AVX-512F, 256 with AVX, else 128).
CodegenTarget hostCpuTarget();

} // namespace uops
