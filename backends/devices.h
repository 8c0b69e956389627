// Registers every device this build has with core's device registry: INTERP
// (core's), CPU (LLVM), CL:<n> (OpenCL, its binaries disassembled by
// LLVM), CUDA:<n> (the CUDA driver, where there is one) and the compile-only GPU targets (sm_NN, gfxNNNN: backends/llvm/gpu_device.h). uopc and uopscope call it once at start; calling it again does no harm.
#pragma once

namespace uops {

void registerBackendDevices();

} // namespace uops
