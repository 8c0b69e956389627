// Tensor programs the measured peaks (Device::measurePeaks) must be at least
// as fast as, lowered and run by UOpScope itself: the 1024 gemm, the
// multiply-add chains the Roofline once took for its peak, and the
// bandwidth yardstick resources/bench/copy_16m.py.
#pragma once

#include "core/pipeline/device_schedule.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/program_run.h"
#include "core/program/device_run.h"
#include "core/program/program.h"

#include <stdexcept>
#include <vector>

namespace uops::testsupport {

// 2 x 1024^3 FLOPs: kGemmFlops
inline const char* kGemm = R"(from tinygrad import Tensor
a = Tensor.empty(1024, 1024)
b = Tensor.empty(1024, 1024)
out = a @ b
)";

// eight independent chains of 32 multiply-adds per element of a 1 MiB buffer
// (8 + 32 x 8 x 2 + 7 = 527 FLOPs an element): what the Roofline took for the
// peak before the backends measured it
inline const char* kChains = R"(from tinygrad import Tensor
x = Tensor.empty(262144)
chains = [x + float(k) for k in range(8)]
for i in range(32):
  chains = [c * 0.9999 + 0.0001 for c in chains]
out = chains[0] + chains[1] + chains[2] + chains[3] + chains[4] + chains[5] + chains[6] + chains[7]
)";

// 64 MiB read and 64 MiB written (resources/bench/copy_16m.py)
inline const char* kCopy = R"(from tinygrad import Tensor
x = Tensor.empty(16 * 1024 * 1024)
out = x + 1.0
)";

// Seconds the program's kernels take together (the sum of their best times
// over five runs after a warm-up: the program at its fastest).
inline double bestSeconds(const char* text, Device& device) {
  program::LoadedProgram p =
      program::loadProgram("peak_yardstick.py", text, program::LoadOptions::on(device.name()));
  std::vector<UOpPtr> roots = program::rootsOf(p.outputTensors());
  PipelineRun run = runPipeline(roots, {.trace = false, .target = runTarget(device, true)});
  if (run.failed()) throw std::runtime_error(run.stages.back().error);
  ScheduleRun r = runSchedule(device, run, zeroFilledInputs(roots), 6);
  double seconds = 0;
  for (const KernelTimes& k : r.kernels)
    seconds += k.minMs() / 1e3;
  return seconds;
}

inline constexpr double kGemmFlops = 2.0 * 1024 * 1024 * 1024;
inline constexpr double kChainsFlops = 527.0 * 262144;
inline constexpr double kCopyBytes = 2.0 * 16 * 1024 * 1024 * 4;

} // namespace uops::testsupport
