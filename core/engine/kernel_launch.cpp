#include "core/engine/kernel_launch.h"

#include "core/opt/opt.h"

namespace uops {

KernelLaunch launchOf(const LoweredKernel& kernel) {
  KernelLaunch out;
  out.name = kernel.name.text;
  // a kernel with no grid is one work-item
  out.global = kernel.rendered.global.empty() ? std::vector<int64_t>{1} : kernel.rendered.global;
  out.local = kernel.rendered.local;
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
