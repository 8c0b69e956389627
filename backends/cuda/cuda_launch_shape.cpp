#include "backends/cuda/cuda_launch_shape.h"

#include "backends/cuda/cuda_error.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {

CudaLaunchShape cudaLaunchShape(const RenderedKernel& r, const std::string& kernel) {
  auto refuse = [&](const std::string& why) {
    return CudaError(CudaError::Kind::Usage,
                     fmt::format("kernel {} (global {}, local {}) cannot launch on CUDA: {}", kernel,
                                 fmt::join(r.global, "x"), fmt::join(r.local, "x"), why));
  };
  if (r.global.size() > 3 || r.local.size() > 3) throw refuse("more than three dimensions");
  if (!r.local.empty() && r.local.size() != r.global.size())
    throw refuse("the local size has another number of dimensions than the global size");
  CudaLaunchShape shape;
  int64_t threads = 1;
  for (size_t d = 0; d < r.global.size(); ++d) {
    const int64_t g = r.global[d], l = r.local.empty() ? 1 : r.local[d];
    if (g < 1 || l < 1) throw refuse(fmt::format("dimension {} is empty", d));
    if (g % l != 0) throw refuse(fmt::format("the local size {} does not divide the global size {} (dimension {})", l, g, d));
    if (l > kCudaMaxBlock[d]) throw refuse(fmt::format("a block holds at most {} threads in dimension {}", kCudaMaxBlock[d], d));
    if (g / l > kCudaMaxGrid[d]) throw refuse(fmt::format("a grid holds at most {} blocks in dimension {}", kCudaMaxGrid[d], d));
    threads *= l;
    shape.grid[d] = static_cast<unsigned>(g / l);
    shape.block[d] = static_cast<unsigned>(l);
  }
  if (threads > kCudaMaxBlockThreads) throw refuse(fmt::format("{} threads per block, at most {}", threads, kCudaMaxBlockThreads));
  return shape;
}

std::string formatLaunchShape(const CudaLaunchShape& s) {
  return fmt::format("grid {}, block {}", fmt::join(s.grid, "x"), fmt::join(s.block, "x"));
}

} // namespace uops
