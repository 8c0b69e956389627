#include "backends/opencl/cl_beam.h"

#include "backends/opencl/cl_schedule.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/optimize.h"

#include <algorithm>

namespace uops {
namespace {

struct Candidate {
  LoweredKernel kernel;
  ClProgram program;
};

} // namespace

BeamTimer clBeamTimer(ClDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target, int repeats) {
  BeamTimer timer;
  timer.compile = [&device, kernelAst, target](const std::vector<Opt>& opts) -> std::shared_ptr<const void> {
    LoweredKernel k = lowerKernel(kernelAst, target, opts);
    ClProgram program = buildKernel(device, k);
    return std::make_shared<Candidate>(Candidate{std::move(k), std::move(program)});
  };
  timer.time = [&device, repeats](const std::shared_ptr<const void>& compiled, double cutoffMs) {
    const auto& c = *static_cast<const Candidate*>(compiled.get());
    std::vector<ClBuffer> buffers;
    std::vector<ClArg> args; // they point into `buffers`: no reallocation
    buffers.reserve(c.kernel.params.size());
    for (const KernelParam& p : c.kernel.params) {
      size_t bytes = static_cast<size_t>(std::max<int64_t>(p.size, 1)) * static_cast<size_t>(p.dtype.itemSize());
      buffers.push_back(device.alloc(bytes));
      args.emplace_back(buffers.back());
    }
    return fastestRun(repeats, cutoffMs, [&] { return launchKernel(device, c.program, c.kernel, args); });
  };
  return timer;
}

BeamResult beamSearchCl(ClDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                        const BeamSettings& settings, int repeats) {
  return beamSearch(optimize(kernelAst, target), optTargetOf(target), clBeamTimer(device, kernelAst, target, repeats),
                    settings);
}

} // namespace uops
