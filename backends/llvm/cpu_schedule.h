// Compiling a schedule's kernels for the CPU device: all in parallel (LLVM's
// JIT is thread-safe), largest first so the longest compile does not start last.
#pragma once

#include "backends/llvm/cpu_device.h"

#include <vector>

namespace uops {

// The programs are in `kernels`' order; a failure throws the error of the
// first failing kernel in that order, as a serial loop would.
std::vector<CpuProgram> compileAll(CpuDevice& device, const std::vector<LoweredKernel>& kernels);

} // namespace uops
