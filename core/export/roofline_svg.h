// The roofline model of a run as an inline SVG, drawn here (no plotting
// library): log-log axes of arithmetic intensity (FLOPs per byte) and rate
// (GFLOPS), the memory roof (peak GB/s x intensity) up to the ridge, the
// compute roof after it, and each kernel as a dot at its median time with
// its name in a tooltip (<title>) and a label. A kernel measured above the
// roof (peaks measured low on a busy machine) is drawn on the roof, hollow.
#pragma once

#include "core/runtime/device_peaks.h"

#include <string>
#include <vector>

namespace uops {

struct RooflineKernel {
  std::string name;
  double flops = 0; // floating-point operations per run (kernel_flops.h)
  double bytes = 0; // bytes of its buffers
  double ms = 0;    // median time
};

// Kernels without FLOPs, bytes or a time have no place on the axes and are left out.
std::string rooflineSvg(const DevicePeaks& peaks, const std::vector<RooflineKernel>& kernels);

} // namespace uops
