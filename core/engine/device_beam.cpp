#include "core/engine/device_beam.h"

#include "core/pipeline/codegen.h"
#include "core/pipeline/optimize.h"

#include <algorithm>

namespace uops {
namespace {

struct Candidate {
  LoweredKernel kernel;
  std::shared_ptr<DeviceProgram> program;
};

} // namespace

BeamTimer deviceBeamTimer(Device& device, const UOpPtr& kernelAst, const CodegenTarget& target, int repeats) {
  BeamTimer timer;
  timer.compile = [&device, kernelAst, target](const std::vector<Opt>& opts) -> std::shared_ptr<const void> {
    LoweredKernel k = lowerKernel(kernelAst, target, opts);
    std::shared_ptr<DeviceProgram> program = device.compile(k);
    return std::make_shared<Candidate>(Candidate{std::move(k), std::move(program)});
  };
  timer.time = [&device, repeats](const std::shared_ptr<const void>& compiled, double cutoffMs) {
    const auto& c = *static_cast<const Candidate*>(compiled.get());
    std::vector<std::unique_ptr<DeviceBuffer>> scratch;
    std::vector<DeviceBuffer*> bound;
    for (const KernelParam& p : c.kernel.params)
      bound.push_back(scratch.emplace_back(device.allocate(p.dtype, std::max<int64_t>(p.size, 0))).get());
    return fastestRun(repeats, cutoffMs, [&] { return c.program->run(bound); });
  };
  return timer;
}

BeamResult beamSearchOn(Device& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                        const BeamSettings& settings, int repeats) {
  return beamSearch(optimize(kernelAst, target), optTargetOf(target),
                    deviceBeamTimer(device, kernelAst, target, repeats), settings);
}

} // namespace uops
