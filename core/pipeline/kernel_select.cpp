#include "core/pipeline/kernel_select.h"

#include "core/opt/kernel_ranges.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {

std::vector<size_t> selectKernels(const PipelineRun& run, std::string_view selector) {
  const auto& kernels = run.schedule.kernels;
  // "#2" is "2"
  std::string_view number = !selector.empty() && selector.front() == '#' ? selector.substr(1) : selector;
  bool numeric = !number.empty() && std::all_of(number.begin(), number.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  std::vector<size_t> out;
  for (size_t i = 0; i < kernels.size(); ++i)
    if (selector.empty() || (numeric && std::to_string(i) == number) || kernels[i].name == selector ||
        run.kernelName(i) == selector || kernelLabel(i, run.kernelName(i)) == selector)
      out.push_back(i);
  if (!out.empty() || (selector.empty() && kernels.empty())) return out;
  std::string list;
  for (size_t i = 0; i < kernels.size(); ++i)
    list += fmt::format("\n  {}{}", kernelLabel(i, run.kernelName(i)),
                        run.kernelName(i) == kernels[i].name ? "" : " (before Optimize: " + kernels[i].name + ")");
  throw KernelSelectError(fmt::format("no kernel '{}'; the schedule has {} kernel{}{}", selector, kernels.size(),
                                      kernels.size() == 1 ? "" : "s", kernels.empty() ? "" : ":" + list));
}

} // namespace uops
