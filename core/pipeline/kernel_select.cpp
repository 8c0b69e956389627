#include "core/pipeline/kernel_select.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {

std::vector<size_t> selectKernels(const PipelineRun& run, std::string_view selector) {
  const auto& kernels = run.schedule.kernels;
  std::vector<size_t> out;
  bool numeric = !selector.empty() && std::all_of(selector.begin(), selector.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  for (size_t i = 0; i < kernels.size(); ++i)
    if (selector.empty() || (numeric && std::to_string(i) == selector) || kernels[i].name == selector ||
        (i < run.kernels.size() && run.kernels[i].name.text == selector))
      out.push_back(i);
  if (!out.empty() || (selector.empty() && kernels.empty())) return out;
  std::string list;
  for (size_t i = 0; i < kernels.size(); ++i) {
    std::string optimized = i < run.kernels.size() ? run.kernels[i].name.text : "";
    list += fmt::format("\n  {}  {}{}", i, kernels[i].name,
                        optimized.empty() || optimized == kernels[i].name ? "" : " (optimized: " + optimized + ")");
  }
  throw KernelSelectError(fmt::format("no kernel '{}'; the schedule has {} kernel{}{}", selector, kernels.size(),
                                      kernels.size() == 1 ? "" : "s", kernels.empty() ? "" : ":" + list));
}

} // namespace uops
