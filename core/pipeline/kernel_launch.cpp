#include "core/pipeline/kernel_launch.h"

#include "core/opt/opt.h"

namespace uops {

KernelLaunch launchOf(const LoweredKernel& kernel) {
  KernelLaunch out;
  out.name = kernel.name.text;
  // an OpenCL kernel has a grid; an LLVM one is called once per thread
  if (!kernel.opencl.grid.empty()) {
    out.global = kernel.opencl.grid;
    out.local = kernel.opencl.local;
  } else {
    out.global = {kernel.llvm.threads};
  }
  for (const KernelParam& p : kernel.params) out.bytes += p.size * p.dtype.itemSize();
  out.opts = formatOpts(kernel.opts);
  return out;
}

std::vector<KernelLaunch> launchesOf(const std::vector<LoweredKernel>& kernels) {
  std::vector<KernelLaunch> out;
  out.reserve(kernels.size());
  for (const LoweredKernel& k : kernels) out.push_back(launchOf(k));
  return out;
}

} // namespace uops
