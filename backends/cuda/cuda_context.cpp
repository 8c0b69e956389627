#include "backends/cuda/cuda_context.h"

#include "backends/cuda/cuda_error.h"

#include <fmt/format.h>

namespace uops {

CudaContext::CudaContext(std::shared_ptr<const cu::CudaDriver> driver, int ordinal)
    : m_driver(std::move(driver)), m_info(queryCudaDevice(*m_driver, ordinal)) {
  const cu::CudaDriver& d = *m_driver;
  const std::string doing = "opening " + m_info.name;
  cu::CUdevice device = 0;
  checkCuda(d, d.cuDeviceGet(&device, ordinal), "cuDeviceGet", doing);
  checkCuda(d, d.cuDevicePrimaryCtxRetain(&m_context, device), "cuDevicePrimaryCtxRetain", doing);
  makeCurrent(doing);
  checkCuda(d, d.cuEventCreate(&m_start, cu::CU_EVENT_DEFAULT), "cuEventCreate", doing);
  checkCuda(d, d.cuEventCreate(&m_end, cu::CU_EVENT_DEFAULT), "cuEventCreate", doing);
}

// The primary context stays retained: devices live until the process ends
// (device_registry.h), and releasing it at exit races the driver's teardown.
CudaContext::~CudaContext() {
  if (m_context && m_driver->cuCtxSetCurrent(m_context) == cu::CUDA_SUCCESS) {
    if (m_start) m_driver->cuEventDestroy_v2(m_start);
    if (m_end) m_driver->cuEventDestroy_v2(m_end);
  }
}

void CudaContext::makeCurrent(const std::string& doing) const {
  checkCuda(*m_driver, m_driver->cuCtxSetCurrent(m_context), "cuCtxSetCurrent", doing);
}

cu::CUdeviceptr CudaContext::alloc(size_t bytes) {
  const std::string doing = fmt::format("allocating {} bytes on {}", bytes, name());
  makeCurrent(doing);
  cu::CUdeviceptr p = 0;
  checkCuda(*m_driver, m_driver->cuMemAlloc_v2(&p, std::max<size_t>(bytes, 1)), "cuMemAlloc_v2", doing);
  return p;
}

void CudaContext::free(cu::CUdeviceptr pointer) noexcept {
  if (m_driver->cuCtxSetCurrent(m_context) == cu::CUDA_SUCCESS) m_driver->cuMemFree_v2(pointer);
}

void CudaContext::copyIn(cu::CUdeviceptr dst, const void* src, size_t bytes) {
  const std::string doing = fmt::format("copying {} bytes to {}", bytes, name());
  makeCurrent(doing);
  checkCuda(*m_driver, m_driver->cuMemcpyHtoD_v2(dst, src, bytes), "cuMemcpyHtoD_v2", doing);
}

void CudaContext::copyOut(void* dst, cu::CUdeviceptr src, size_t bytes) {
  const std::string doing = fmt::format("copying {} bytes from {}", bytes, name());
  makeCurrent(doing);
  checkCuda(*m_driver, m_driver->cuMemcpyDtoH_v2(dst, src, bytes), "cuMemcpyDtoH_v2", doing);
}

void CudaContext::copyOnDevice(cu::CUdeviceptr dst, cu::CUdeviceptr src, size_t bytes) {
  const std::string doing = fmt::format("copying {} bytes within {}", bytes, name());
  makeCurrent(doing);
  checkCuda(*m_driver, m_driver->cuMemcpyDtoD_v2(dst, src, bytes), "cuMemcpyDtoD_v2", doing);
}

double CudaContext::launch(cu::CUfunction function, const CudaLaunchShape& s, std::span<void*> params,
                           const std::string& kernel) {
  const cu::CudaDriver& d = *m_driver;
  const std::string doing = fmt::format("launching '{}' on {} ({})", kernel, name(), formatLaunchShape(s));
  std::lock_guard lock(m_launchMutex);
  makeCurrent(doing);
  checkCuda(d, d.cuEventRecord(m_start, nullptr), "cuEventRecord", doing);
  checkCuda(d,
            d.cuLaunchKernel(function, s.grid[0], s.grid[1], s.grid[2], s.block[0], s.block[1], s.block[2], 0, nullptr,
                             params.data(), nullptr),
            "cuLaunchKernel", doing);
  checkCuda(d, d.cuEventRecord(m_end, nullptr), "cuEventRecord", doing);
  // a kernel that faults reports it here
  checkCuda(d, d.cuEventSynchronize(m_end), "cuEventSynchronize", doing);
  float ms = 0;
  checkCuda(d, d.cuEventElapsedTime(&ms, m_start, m_end), "cuEventElapsedTime", doing);
  return ms;
}

} // namespace uops
