// A device's peaks for the Roofline view: measured by the device's backend
// with kernels built to reach the hardware's limits (Device::measurePeaks),
// not with kernels this compiler lowered, and kept in QSettings per device
// description with the date they were measured, until measured again.
#pragma once

#include "core/runtime/device_peaks.h"

#include <QDate>
#include <QString>

#include <optional>

namespace uops::views {

struct CachedPeaks {
  DevicePeaks peaks;
  QDate measured;
};

// Measures `device`'s peaks ("CPU", "CL:0") now; throws std::exception when
// its backend cannot. Takes a few seconds.
CachedPeaks measurePeaks(const QString& device);

// The peaks cached for `description` (DeviceChoice::description), if measured
// with a date (peaks kept without one came from an older measurement and are
// measured again).
std::optional<CachedPeaks> cachedPeaks(const QString& description);
void cachePeaks(const QString& description, const CachedPeaks& peaks);

} // namespace uops::views
