// What a CUDA device's kernels are compiled for: LLVM's NVPTX back end for
// the device's compute capability (sm_<major><minor>), the same target and
// heuristics as the compile-only sm_NN device (backends/llvm/gpu_target.h).
// A card newer than LLVM knows gets PTX for the newest processor LLVM knows
// below it; the driver's JIT compiles PTX forward to the card.
#pragma once

#include "backends/llvm/gpu_target.h"

#include <string>

namespace uops {

struct CudaArch {
  GpuTarget target; // its arch is what the PTX is for
  std::string note; // empty, or why the PTX is for an older processor than the card
};

// For compute capability major.minor; throws JitError (Setup) when LLVM knows
// no NVPTX processor at or below it.
CudaArch cudaArch(int major, int minor);

// The device's CodegenTarget: gpuCodegenTarget of the arch, with the device's
// own name ("CUDA:0") as its device.
CodegenTarget cudaCodegenTarget(const CudaArch& arch, const std::string& device);

} // namespace uops
