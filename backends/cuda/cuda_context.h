// One CUDA device opened: its primary context (retained, made current on the
// calling thread before each use), device memory, copies and timed launches.
// Launches go to the context's default stream and wait for their kernel: the
// kernel's time is the one CUDA events recorded around it measure.
#pragma once

#include "backends/cuda/cuda_device_info.h"
#include "backends/cuda/cuda_launch_shape.h"

#include <memory>
#include <mutex>
#include <span>
#include <string>

namespace uops {

class CudaContext {
public:
  // Throws CudaError when the driver cannot open device `ordinal`.
  CudaContext(std::shared_ptr<const cu::CudaDriver> driver, int ordinal);
  ~CudaContext();
  CudaContext(const CudaContext&) = delete;
  CudaContext& operator=(const CudaContext&) = delete;

  const cu::CudaDriver& driver() const { return *m_driver; }
  const CudaDeviceInfo& info() const { return m_info; }
  const std::string& name() const { return m_info.name; }
  // cuCtxSetCurrent on this thread; `doing` names the operation in an error.
  void makeCurrent(const std::string& doing) const;

  cu::CUdeviceptr alloc(size_t bytes);
  void free(cu::CUdeviceptr pointer) noexcept;
  void copyIn(cu::CUdeviceptr dst, const void* src, size_t bytes);
  void copyOut(void* dst, cu::CUdeviceptr src, size_t bytes);
  void copyOnDevice(cu::CUdeviceptr dst, cu::CUdeviceptr src, size_t bytes);

  // Launches `function` with `params` (cuLaunchKernel's: one pointer to each
  // argument's value), waits, and returns the kernel's time in ms. `kernel`
  // names it in errors.
  double launch(cu::CUfunction function, const CudaLaunchShape& shape, std::span<void*> params,
                const std::string& kernel);

private:
  std::shared_ptr<const cu::CudaDriver> m_driver;
  CudaDeviceInfo m_info;
  cu::CUcontext m_context = nullptr;
  std::mutex m_launchMutex; // one pair of events, one launch at a time
  cu::CUevent m_start = nullptr, m_end = nullptr;
};

} // namespace uops
