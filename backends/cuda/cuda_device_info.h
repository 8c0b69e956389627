// One CUDA device's properties as the driver reports them, read without a
// context (listing devices creates none), and the text of `uopc devices`'
// CUDA part.
#pragma once

#include "backends/cuda/cuda_driver.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

struct CudaDeviceInfo {
  std::string name;  // "CUDA:0"
  int ordinal = 0;
  std::string model; // cuDeviceGetName: "NVIDIA H200"
  int major = 0, minor = 0; // compute capability
  int multiprocessors = 0;
  uint64_t memoryBytes = 0;
  std::string arch() const; // "sm_90"
};

// Every device the driver counts, CUDA:0 first; none without a driver.
// Throws CudaError when the driver fails a query.
std::vector<CudaDeviceInfo> cudaDevices(const CudaDriverLoad& load);
CudaDeviceInfo queryCudaDevice(const cu::CudaDriver& driver, int ordinal);

// One line per device ("CUDA:0  NVIDIA H200  [sm_90, 132 SMs, 140.4 GiB]"), or
// the one line that says why there are none (the load's failure, "CUDA: the
// driver counts no devices").
std::string cudaDevicesListing(const CudaDriverLoad& load);

} // namespace uops
