// INTERP as a device: Rangeify's kernels run as they are, each kernel AST
// interpreted (kernel_interpreter.h) on host buffers. No code generator, so
// no target; slow and exact, it checks a schedule without any codegen.
#pragma once

#include "core/engine/device_registry.h"

namespace uops {

// Registers INTERP with the device registry; calling it again does nothing.
void registerInterpDevice();

} // namespace uops
