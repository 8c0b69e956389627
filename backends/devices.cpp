#include "backends/devices.h"

#include "backends/cuda/cuda_device.h"
#include "backends/llvm/disassemble.h"
#include "backends/llvm/gpu_device.h"
#include "backends/llvm/llvm_cpu_device.h"
#include "backends/opencl/opencl_device.h"
#include "core/engine/interp_device.h"

#include <mutex>

namespace uops {

void registerBackendDevices() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerInterpDevice();
    registerDeviceKind(llvmCpuDeviceKind());
    registerDeviceKind(openClDeviceKind(disassembleHostElf));
    registerDeviceKind(cudaDeviceKind(systemCudaDriver));
    registerGpuTargets();
  });
}

} // namespace uops
