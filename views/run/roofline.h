// The roofline model of a run: each kernel at its arithmetic intensity
// (FLOPs per byte moved, from the scheduled kernel: core/engine/kernel_flops.h) and the
// rate it reached, against the device's measured peaks (peaks_cache.h):
// left of the ridge a kernel is bound by memory, right of it by arithmetic.
// The peaks are the hardware's, so a kernel measured above the roof says the
// peaks were measured low (a busy machine): such a point is drawn on the roof
// and marked, never above it.
#pragma once

#include "core/runtime/device_peaks.h"
#include "views/kernel_text/device_run.h"

#include <QString>

#include <vector>

namespace uops::views {

struct RooflinePoint {
  QString kernel;
  double intensity = 0; // FLOPs per byte
  double gflops = 0;    // at the kernel's median time
  double roof = 0;      // the most the peaks allow at this intensity
  double intOps = 0;    // integer operations per second, 1e9 (not FLOPs)
  bool memoryBound = false;
  bool aboveRoof = false; // measured faster than the peaks allow
  // Where it is drawn: its rate, or the roof when it was measured above it.
  double plotted() const { return aboveRoof ? roof : gflops; }
};

// The roof at `intensity`: min(peak GFLOPS, intensity x peak GB/s).
double roofAt(const DevicePeaks& peaks, double intensity);

// One point per kernel of `run` that did floating-point arithmetic and moved bytes.
std::vector<RooflinePoint> rooflinePoints(const DeviceRunResult& run, const DevicePeaks& peaks);

} // namespace uops::views
