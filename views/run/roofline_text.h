// The Roofline tab's words: the caption over the chart (the device, its peaks
// and the date they were measured, how the kernels divide between memory and
// arithmetic, and any measured above the roof) and a point's tooltip.
#pragma once

#include "views/run/peaks_cache.h"
#include "views/run/roofline.h"

#include <QString>

#include <vector>

namespace uops::views {

// "CPU: peaks measured 2026-11-28: 398 GFLOPS, 21.0 GB/s (ridge at 19 FLOPs/byte); 12 kernels, ..."
QString rooflineCaption(const QString& device, const CachedPeaks& peaks,
                        const std::vector<RooflinePoint>& points);
QString pointTooltip(const RooflinePoint& point);

} // namespace uops::views
