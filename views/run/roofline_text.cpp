#include "views/run/roofline_text.h"

#include <algorithm>

namespace uops::views {

QString rooflineCaption(const QString& device, const CachedPeaks& peaks,
                        const std::vector<RooflinePoint>& points) {
  auto count = [&](bool RooflinePoint::*flag) {
    return static_cast<int>(std::count_if(points.begin(), points.end(),
                                          [&](const RooflinePoint& p) { return p.*flag; }));
  };
  const int memory = count(&RooflinePoint::memoryBound), above = count(&RooflinePoint::aboveRoof);
  QString text =
      QStringLiteral(
          "%1: peaks measured %2: %3 GFLOPS, %4 GB/s (ridge at %5 FLOPs/byte); %6 kernels, "
          "%7 bound by memory, %8 by arithmetic")
          .arg(device, peaks.measured.toString(Qt::ISODate))
          .arg(peaks.peaks.gflops, 0, 'f', 1)
          .arg(peaks.peaks.gbps, 0, 'f', 1)
          .arg(peaks.peaks.ridge(), 0, 'g', 3)
          .arg(points.size())
          .arg(memory)
          .arg(static_cast<int>(points.size()) - memory);
  if (above == 0) return text;
  return text + QStringLiteral(
                    "; %1 measured above the roof, drawn on it in red: the peaks were measured low "
                    "(a busy machine?), Measure again")
                    .arg(above);
}

QString pointTooltip(const RooflinePoint& p) {
  QString text = QStringLiteral("%1\n%2 FLOPs/byte, %3 GFLOPS: %4% of the roof (%5)")
                     .arg(p.kernel)
                     .arg(p.intensity, 0, 'g', 3)
                     .arg(p.gflops, 0, 'g', 3)
                     .arg(100 * p.gflops / p.roof, 0, 'f', 0)
                     .arg(p.memoryBound ? QStringLiteral("memory") : QStringLiteral("arithmetic"));
  if (p.aboveRoof)
    text += QStringLiteral("\nabove the roof of %1 GFLOPS: drawn on it").arg(p.roof, 0, 'g', 3);
  if (p.intOps > 0)
    text += QStringLiteral("\n%1 G integer ops/s besides (not FLOPs)").arg(p.intOps, 0, 'g', 3);
  return text;
}

} // namespace uops::views
