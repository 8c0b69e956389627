// A kernel as a user names it on a command line (uopc's --kernel, uopscope's
// --kernel): its schedule index (2 or #2), its name before or after Optimize
// (r_8_16_4 or r_2_16_4_4), or its whole label (#2 r_2_16_4_4,
// kernel_ranges.h kernelLabel). One parser for both tools.
#pragma once

#include "core/pipeline/pipeline_runner.h"

#include <stdexcept>
#include <string_view>
#include <vector>

namespace uops {

class KernelSelectError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

// Schedule indices of the kernels `selector` names (every kernel when it is
// empty). Throws KernelSelectError listing the schedule's kernels when it
// names none.
std::vector<size_t> selectKernels(const PipelineRun& run, std::string_view selector);

} // namespace uops
