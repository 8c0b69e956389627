#include "backends/cuda/cuda_driver.h"

#include "backends/cuda/cuda_error.h"

#include <dlfcn.h>

#include <fmt/format.h>

namespace uops {
namespace {

// The first of `names` the library exports (a newer entry point first).
template <class Fn> bool cudaSymbol(void* library, Fn& out, std::initializer_list<const char*> names,
                                    std::string& missing) {
  for (const char* name : names)
    if (void* address = dlsym(library, name)) {
      out = reinterpret_cast<Fn>(address);
      return true;
    }
  missing = *names.begin();
  return false;
}

bool resolveCudaDriver(void* lib, cu::CudaDriver& d, std::string& missing) {
  return cudaSymbol(lib, d.cuInit, {"cuInit"}, missing) &&
         cudaSymbol(lib, d.cuGetErrorName, {"cuGetErrorName"}, missing) &&
         cudaSymbol(lib, d.cuGetErrorString, {"cuGetErrorString"}, missing) &&
         cudaSymbol(lib, d.cuDriverGetVersion, {"cuDriverGetVersion"}, missing) &&
         cudaSymbol(lib, d.cuDeviceGetCount, {"cuDeviceGetCount"}, missing) &&
         cudaSymbol(lib, d.cuDeviceGet, {"cuDeviceGet"}, missing) &&
         cudaSymbol(lib, d.cuDeviceGetName, {"cuDeviceGetName"}, missing) &&
         cudaSymbol(lib, d.cuDeviceGetAttribute, {"cuDeviceGetAttribute"}, missing) &&
         cudaSymbol(lib, d.cuDeviceTotalMem_v2, {"cuDeviceTotalMem_v2"}, missing) &&
         cudaSymbol(lib, d.cuDevicePrimaryCtxRetain, {"cuDevicePrimaryCtxRetain"}, missing) &&
         cudaSymbol(lib, d.cuCtxSetCurrent, {"cuCtxSetCurrent"}, missing) &&
         cudaSymbol(lib, d.cuModuleLoadDataEx, {"cuModuleLoadDataEx"}, missing) &&
         cudaSymbol(lib, d.cuModuleGetFunction, {"cuModuleGetFunction"}, missing) &&
         cudaSymbol(lib, d.cuModuleUnload, {"cuModuleUnload"}, missing) &&
         cudaSymbol(lib, d.cuLaunchKernel, {"cuLaunchKernel"}, missing) &&
         cudaSymbol(lib, d.cuMemAlloc_v2, {"cuMemAlloc_v2"}, missing) &&
         cudaSymbol(lib, d.cuMemFree_v2, {"cuMemFree_v2"}, missing) &&
         cudaSymbol(lib, d.cuMemcpyHtoD_v2, {"cuMemcpyHtoD_v2"}, missing) &&
         cudaSymbol(lib, d.cuMemcpyDtoH_v2, {"cuMemcpyDtoH_v2"}, missing) &&
         cudaSymbol(lib, d.cuMemcpyDtoD_v2, {"cuMemcpyDtoD_v2"}, missing) &&
         cudaSymbol(lib, d.cuEventCreate, {"cuEventCreate"}, missing) &&
         cudaSymbol(lib, d.cuEventRecord, {"cuEventRecord"}, missing) &&
         cudaSymbol(lib, d.cuEventSynchronize, {"cuEventSynchronize"}, missing) &&
         // CUDA 12.8 added the _v2 (same signature); older drivers have the first only
         cudaSymbol(lib, d.cuEventElapsedTime, {"cuEventElapsedTime_v2", "cuEventElapsedTime"}, missing) &&
         cudaSymbol(lib, d.cuEventDestroy_v2, {"cuEventDestroy_v2"}, missing) &&
         cudaSymbol(lib, d.cuLinkCreate_v2, {"cuLinkCreate_v2"}, missing) &&
         cudaSymbol(lib, d.cuLinkAddData_v2, {"cuLinkAddData_v2"}, missing) &&
         cudaSymbol(lib, d.cuLinkComplete, {"cuLinkComplete"}, missing) &&
         cudaSymbol(lib, d.cuLinkDestroy, {"cuLinkDestroy"}, missing);
}

} // namespace

CudaDriverLoad loadCudaDriver(const std::string& library) {
  CudaDriverLoad out;
  void* lib = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    out.failure = fmt::format("CUDA: {} not found ({})", library, why ? why : "the dynamic loader gave no reason");
    return out;
  }
  auto driver = std::make_shared<cu::CudaDriver>();
  std::string missing;
  if (!resolveCudaDriver(lib, *driver, missing)) {
    out.failure = fmt::format("CUDA: {} has no {} (a driver older than this backend needs)", library, missing);
    dlclose(lib);
    return out;
  }
  if (cu::CUresult r = driver->cuInit(0); r != cu::CUDA_SUCCESS) {
    out.failure = fmt::format("CUDA: the driver did not start: cuInit failed with {}", cudaResultText(*driver, r));
    return out; // the library stays loaded: drivers do not like being unloaded after a failed init
  }
  driver->cuDriverGetVersion(&out.version);
  out.driver = std::move(driver);
  return out;
}

const CudaDriverLoad& systemCudaDriver() {
  static const CudaDriverLoad load = loadCudaDriver();
  return load;
}

} // namespace uops
