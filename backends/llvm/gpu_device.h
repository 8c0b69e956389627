// A compile-only GPU target (gpu_target.h) as a core Device: kernels are
// lowered for it and compiled to its assembly (the ISA view shows it), and
// everything that would run one (buffers, launches) fails with a DeviceError
// that says there is no such device here.
#pragma once

#include "core/engine/device_registry.h"

#include <string>

namespace uops {

// Registers the kind of one target ("sm_75"); false for a name that is not a
// GPU target. Throws JitError (Setup) for one LLVM does not know.
bool registerGpuTarget(const std::string& name);
// Registers the listed targets (gpu_target.h: listedGpuTargets).
void registerGpuTargets();

} // namespace uops
