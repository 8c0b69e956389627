// BEAM on the CPU device: candidates are lowered with their OptOps and
// compiled by the shared JIT (thread-safe, so BEAM compiles several at once),
// then timed on zero-filled buffers: the minimum of `repeats` runs.
#pragma once

#include "backends/llvm/cpu_device.h"
#include "core/opt/beam.h"

namespace uops {

// `kernelAst` is the kernel as Rangeify made it; `device` must outlive the timer.
BeamTimer cpuBeamTimer(CpuDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target, int repeats = 3);

// The search for one Rangeify kernel on the CPU, with OptOps checked against
// the target's capabilities.
BeamResult beamSearchCpu(CpuDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                         const BeamSettings& settings, int repeats = 3);

} // namespace uops
