#include "backends/llvm/cpu_beam.h"

#include "core/pipeline/optimize.h"

#include <algorithm>

namespace uops {

BeamTimer cpuBeamTimer(CpuDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target, int repeats) {
  BeamTimer timer;
  timer.compile = [&device, kernelAst, target](const std::vector<Opt>& opts) -> std::shared_ptr<const void> {
    return std::make_shared<CpuProgram>(device.compile(lowerKernel(kernelAst, target, opts)));
  };
  timer.time = [&device, repeats](const std::shared_ptr<const void>& compiled, double cutoffMs) {
    const auto& program = *static_cast<const CpuProgram*>(compiled.get());
    std::vector<HostTensor> buffers;
    for (const KernelParam& p : program.kernel.params) buffers.emplace_back(p.dtype, Shape{std::max<int64_t>(p.size, 0)});
    return fastestRun(repeats, cutoffMs, [&] { return device.run(program, buffers).ms; });
  };
  return timer;
}

BeamResult beamSearchCpu(CpuDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                         const BeamSettings& settings, int repeats) {
  return beamSearch(optimize(kernelAst, target), optTargetOf(target), cpuBeamTimer(device, kernelAst, target, repeats),
                    settings);
}

} // namespace uops
