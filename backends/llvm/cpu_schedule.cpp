#include "backends/llvm/cpu_schedule.h"

#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <exception>
#include <numeric>
#include <optional>

namespace uops {

std::vector<CpuProgram> compileAll(CpuDevice& device, const std::vector<LoweredKernel>& kernels) {
  // largest source first, so the longest compile does not start last
  std::vector<size_t> order(kernels.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return kernels[a].llvm.source.size() > kernels[b].llvm.source.size();
  });
  std::vector<std::optional<CpuProgram>> compiled(kernels.size());
  std::vector<std::exception_ptr> errors(kernels.size());
  parallelFor(order.size(), [&](size_t i) {
    try {
      compiled[order[i]].emplace(device.compile(kernels[order[i]]));
    } catch (...) {
      errors[order[i]] = std::current_exception();
    }
  });
  std::vector<CpuProgram> programs;
  programs.reserve(kernels.size());
  for (size_t i = 0; i < kernels.size(); ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]); // the first failing kernel in schedule order
    programs.push_back(std::move(*compiled[i]));
  }
  return programs;
}

} // namespace uops
