// The roofline model of a run: each kernel at its arithmetic intensity
// (FLOPs per byte moved, from the scheduled kernel: kernel_work.h) and the
// rate it reached, against the device's measured peaks (device_peaks.h):
// left of the ridge a kernel is bound by memory, right of it by arithmetic.
#pragma once

#include "views/run/device_peaks.h"
#include "views/run/device_run.h"

#include <QString>

#include <vector>

namespace uops::views {

struct RooflinePoint {
  QString kernel;
  double intensity = 0; // FLOPs per byte
  double gflops = 0;    // at the kernel's median time
  double roof = 0;      // the most the peaks allow at this intensity
  bool memoryBound = false;
};

// The roof at `intensity`: min(peak GFLOPS, intensity x peak GB/s).
double roofAt(const DevicePeaks& peaks, double intensity);

// One point per kernel of `run` that did arithmetic and moved bytes.
std::vector<RooflinePoint> rooflinePoints(const DeviceRunResult& run, const DevicePeaks& peaks);

} // namespace uops::views
