#include "backends/opencl/kernel_scratch.h"

#include <algorithm>

namespace uops {

size_t paramBytes(const KernelParam& p) {
  return static_cast<size_t>(std::max<int64_t>(p.size, 1)) * static_cast<size_t>(p.dtype.itemSize());
}

KernelScratch::KernelScratch(ClDevice& device, const LoweredKernel& kernel) {
  m_buffers.reserve(kernel.params.size()); // no reallocation: m_args point into it
  for (const KernelParam& p : kernel.params) {
    m_buffers.push_back(device.alloc(paramBytes(p)));
    m_args.emplace_back(m_buffers.back());
  }
}

} // namespace uops
