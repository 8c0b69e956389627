// The CPU as a core Device (core/engine/device.h): kernels lowered for the
// host's target, compiled by the process's one LLVM ORC JIT (CpuDevice,
// compiled kernels cached by content), buffers in host memory, machine code
// from LLVM's disassembler.
#pragma once

#include "backends/llvm/llvm_jit.h"
#include "core/engine/device_registry.h"

namespace uops {

// The "CPU" kind for the registry.
DeviceKind llvmCpuDeviceKind();

// The counters of the process's one CPU JIT (every CPU and CPU:n device's
// compiles and cache hits).
JitStats cpuJitStats();

} // namespace uops
