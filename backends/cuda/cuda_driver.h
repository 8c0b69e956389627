// The CUDA driver, opened at run time: libcuda.so.1 through dlopen, its entry
// points (cuda_api.h) through dlsym, then cuInit. Where there is no driver,
// or it does not start, the load says why in one line and CUDA devices are
// simply not listed; nothing at build time depends on CUDA.
#pragma once

#include "backends/cuda/cuda_api.h"

#include <memory>
#include <string>

namespace uops {

struct CudaDriverLoad {
  std::shared_ptr<const cu::CudaDriver> driver; // null when it could not be opened
  std::string failure; // why not, one line: "CUDA: libcuda.so.1 not found (...)"
  int version = 0;     // cuDriverGetVersion: 13000 is CUDA 13.0
};

// Opens `library` (a name the dynamic loader searches for, or a path), reads
// every entry point and calls cuInit(0). Never throws.
CudaDriverLoad loadCudaDriver(const std::string& library = "libcuda.so.1");

// The process's driver: loadCudaDriver() once, on first use. The library
// stays loaded for the rest of the process.
const CudaDriverLoad& systemCudaDriver();

} // namespace uops
