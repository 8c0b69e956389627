#include "backends/llvm/cpu_schedule.h"

#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <exception>
#include <numeric>
#include <string_view>
#include <unordered_set>
#include <optional>

namespace uops {

std::vector<CpuProgram> compileAll(CpuDevice& device, const std::vector<LoweredKernel>& kernels) {
  // largest source first, so the longest compile does not start last
  std::vector<size_t> order(kernels.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return kernels[a].rendered.text.size() > kernels[b].rendered.text.size();
  });
  // Kernels with the same source compile once: the first in parallel with
  // the others, its repeats afterwards from the JIT's cache (compiled
  // together, two threads would both miss the cache and compile it twice).
  std::unordered_set<std::string_view> seen;
  std::vector<size_t> first, repeats;
  for (size_t i : order) (seen.insert(kernels[i].rendered.text).second ? first : repeats).push_back(i);
  std::vector<std::optional<CpuProgram>> compiled(kernels.size());
  std::vector<std::exception_ptr> errors(kernels.size());
  auto compileOne = [&](size_t k) {
    try {
      compiled[k].emplace(device.compile(kernels[k]));
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  {
    LlvmJit::StoreBatch batch(device.jit()); // one disk commit for the schedule
    parallelFor(first.size(), [&](size_t i) { compileOne(first[i]); });
    for (size_t k : repeats) compileOne(k);
  }
  std::vector<CpuProgram> programs;
  programs.reserve(kernels.size());
  for (size_t i = 0; i < kernels.size(); ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]); // the first failing kernel in schedule order
    programs.push_back(std::move(*compiled[i]));
  }
  return programs;
}

} // namespace uops
