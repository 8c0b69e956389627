#include "backends/opencl/cl_beam.h"

#include "backends/opencl/cl_schedule.h"
#include "backends/opencl/kernel_scratch.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/optimize.h"


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
    // a candidate the driver's compiler dies on is skipped, with the probe's reason
    std::vector<ClProbeArg> sizes;
    for (const KernelParam& p : k.params) sizes.push_back(ClProbeBuffer{paramBytes(p)});
    device.probe({kernelProbe(program, k, std::move(sizes))});
    return std::make_shared<Candidate>(Candidate{std::move(k), std::move(program)});
  };
  timer.time = [&device, repeats](const std::shared_ptr<const void>& compiled, double cutoffMs) {
    const auto& c = *static_cast<const Candidate*>(compiled.get());
    KernelScratch scratch(device, c.kernel);
    return fastestRun(repeats, cutoffMs, [&] { return launchKernel(device, c.program, c.kernel, scratch.args()); });
  };
  return timer;
}

BeamResult beamSearchCl(ClDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                        const BeamSettings& settings, int repeats) {
  return beamSearch(optimize(kernelAst, target), optTargetOf(target), clBeamTimer(device, kernelAst, target, repeats),
                    settings);
}

} // namespace uops
