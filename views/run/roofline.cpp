#include "views/run/roofline.h"
#include "core/opt/kernel_ranges.h"

#include <algorithm>

namespace uops::views {

double roofAt(const DevicePeaks& peaks, double intensity) { return std::min(peaks.gflops, intensity * peaks.gbps); }

std::vector<RooflinePoint> rooflinePoints(const DeviceRunResult& run, const DevicePeaks& peaks) {
  std::vector<RooflinePoint> out;
  for (size_t i = 0; i < run.kernels.size() && i < run.work.size(); ++i) {
    const KernelWork& w = run.work[i];
    double ms = run.kernels[i].medianMs();
    if (w.flops <= 0 || w.bytes <= 0 || ms <= 0) continue;
    RooflinePoint p;
    p.kernel = QString::fromStdString(kernelLabel(i, run.kernels[i].name));
    p.intensity = w.flops / w.bytes;
    p.gflops = w.flops / (ms / 1e3) / 1e9;
    p.intOps = w.intOps / (ms / 1e3) / 1e9;
    p.roof = roofAt(peaks, p.intensity);
    p.memoryBound = p.intensity < peaks.ridge();
    p.aboveRoof = p.gflops > p.roof;
    out.push_back(p);
  }
  return out;
}

} // namespace uops::views
