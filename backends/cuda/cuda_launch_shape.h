// A rendered kernel's launch on a CUDA device: RenderedKernel counts
// work-items per dimension (`global`, OpenCL's convention) and the work-group
// (`local`); cuLaunchKernel takes blocks per dimension and threads per block.
// So grid = global / local and block = local, dimension 0 as x.
#pragma once

#include "core/render/rendered_kernel.h"

#include <array>
#include <string>

namespace uops {

// What the hardware allows (every CUDA device since compute capability 3.0).
inline constexpr int64_t kCudaMaxBlockThreads = 1024;
inline constexpr std::array<int64_t, 3> kCudaMaxBlock = {1024, 1024, 64};
inline constexpr std::array<int64_t, 3> kCudaMaxGrid = {2147483647, 65535, 65535};

struct CudaLaunchShape {
  std::array<unsigned, 3> grid{1, 1, 1};  // blocks per dimension
  std::array<unsigned, 3> block{1, 1, 1}; // threads per block per dimension
  bool operator==(const CudaLaunchShape&) const = default;
};

// Throws CudaError (Usage) for a launch the driver cannot take: more than
// three dimensions, a global size its local size does not divide, more than
// kCudaMaxBlockThreads threads per block or a dimension past the limits.
// `kernel` names the kernel in the message.
CudaLaunchShape cudaLaunchShape(const RenderedKernel& rendered, const std::string& kernel);

// "grid 16x1x1, block 64x1x1"
std::string formatLaunchShape(const CudaLaunchShape& shape);

} // namespace uops
