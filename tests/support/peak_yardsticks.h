// Tensor graphs the measured peaks (Device::measurePeaks) must be at least as
// fast as, lowered and run by UOpScope itself: the 1024 gemm, the
// multiply-add chains the Roofline once took for its peak, and the
// bandwidth yardstick resources/bench/copy_16m.py.
#pragma once

#include "core/engine/device_schedule.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/program_run.h"
#include "core/engine/device_registry.h"
#include "core/tensor/tensor.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace uops::testsupport {

// 2 x 1024^3 FLOPs
inline Tensor gemm(const std::string& device) {
  return Tensor::empty({1024, 1024}, dtypes::float32, device)
      .matmul(Tensor::empty({1024, 1024}, dtypes::float32, device));
}
inline constexpr double kGemmFlops = 2.0 * 1024 * 1024 * 1024;

// eight independent chains of 32 multiply-adds per element of a 1 MiB buffer
// (8 + 32 x 8 x 2 + 7 = 527 FLOPs an element): what the Roofline took for the
// peak before the backends measured it
inline Tensor chains(const std::string& device) {
  Tensor x = Tensor::empty({262144}, dtypes::float32, device);
  std::vector<Tensor> c;
  for (int k = 0; k < 8; ++k)
    c.push_back(x + static_cast<double>(k));
  for (int i = 0; i < 32; ++i)
    for (Tensor& t : c)
      t = t * 0.9999 + 0.0001;
  Tensor out = c[0];
  for (size_t k = 1; k < c.size(); ++k)
    out = out + c[k];
  return out;
}
inline constexpr double kChainsFlops = 527.0 * 262144;

// 64 MiB read and 64 MiB written, one add an element
inline Tensor copy16m(const std::string& device) {
  return Tensor::empty({16 * 1024 * 1024}, dtypes::float32, device) + 1.0;
}
inline constexpr double kCopyBytes = 2.0 * 16 * 1024 * 1024 * 4;

// Seconds `out`'s kernels take together (the sum of their best times over
// five runs after a warm-up: the graph at its fastest).
inline double bestSeconds(const Tensor& out, Device& device) {
  std::vector<UOpPtr> roots{out.uop()};
  PipelineRun run = runPipeline(roots, {.trace = false, .target = runTarget(device, true)});
  if (run.failed()) throw std::runtime_error(run.stages.back().error);
  ScheduleRun r = runSchedule(device, run, zeroFilledInputs(roots), 6);
  double seconds = 0;
  for (const KernelTimes& k : r.kernels)
    seconds += k.minMs() / 1e3;
  return seconds;
}

// `device`'s peaks, measured now and printed.
inline DevicePeaks measuredPeaks(const std::string& device) {
  DevicePeaks peaks = openDevice(device).measurePeaks();
  fmt::print("{} peaks: {:.1f} GFLOPS, {:.1f} GB/s\n", device, peaks.gflops, peaks.gbps);
  return peaks;
}

// Two timings taken seconds apart on a shared machine differ by several per
// cent with nothing wrong (a copy 4.5% above the stream peak measured just
// before it has been seen): a peak counts as at least a yardstick unless the
// yardstick beats it by more than this. A peak taken the way the Roofline
// once took it (the compiler's own chains, a third of the FMA peak) still fails.
inline constexpr double kTimingNoise = 1.15;

// A peak is the best the hardware does, so a measurement can only come out
// low: a neighbouring process or a busy host takes cycles (or memory
// bandwidth: a 2-core cloud host's streams measured 50, 89 and 51 GB/s a
// second apart) from it. Before a yardstick counts as beating the peak, both
// are measured again, up to kPeakRetries more times: the peak keeps its best,
// the yardstick its latest, so a yardstick timed in a quiet moment is timed
// again beside a peak taken then too.
inline constexpr int kPeakRetries = 4;

// Whether `peaks.*field` (GFLOPS or GB/s) is at least what `out` reaches on
// `device` (`work` FLOPs or bytes over its time), within kTimingNoise. A peak
// that a re-measurement raises is kept in `peaks`. Prints every figure.
inline bool atLeastReached(DevicePeaks& peaks, double DevicePeaks::*field, double work,
                           const Tensor& out, const std::string& device, const char* what) {
  auto reach = [&] {
    const double reached = work / bestSeconds(out, openDevice(device)) / 1e9;
    fmt::print("{} on {}: {:.1f} (peak {:.1f})\n", what, device, reached, peaks.*field);
    return reached;
  };
  double reached = reach();
  for (int retry = 0; retry < kPeakRetries && peaks.*field * kTimingNoise < reached; ++retry) {
    const DevicePeaks again = measuredPeaks(device);
    peaks.gflops = std::max(peaks.gflops, again.gflops);
    peaks.gbps = std::max(peaks.gbps, again.gbps);
    if (peaks.*field * kTimingNoise < reached) reached = reach();
  }
  return peaks.*field * kTimingNoise >= reached;
}

} // namespace uops::testsupport
