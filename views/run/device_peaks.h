// A device's measured peaks for the Roofline view: the arithmetic rate and the
// memory bandwidth that UOpScope's own kernels reach on it, measured once by
// two small tensor programs (independent multiply-add chains over a buffer
// that stays in the caches, and a scale of a 64 MiB buffer) and cached in
// QSettings per device description. They are what this compiler achieves,
// not the data sheet's numbers: a kernel near the roof has nothing left to
// gain from OptOps.
#pragma once

#include <QString>

#include <optional>

namespace uops::views {

struct DevicePeaks {
  double gflops = 0; // multiply-adds on float32, counted as two FLOPs
  double gbps = 0;   // bytes read plus written per second, 1e9
  // The arithmetic intensity (FLOPs per byte) where the two roofs meet.
  double ridge() const { return gbps > 0 ? gflops / gbps : 0; }
};

// Runs the two programs on `device` ("CPU", "CL:0"); throws std::exception
// when they cannot run there. Takes about a second.
DevicePeaks measurePeaks(const QString& device);

// The peaks cached for `description` (DeviceChoice::description), if measured.
std::optional<DevicePeaks> cachedPeaks(const QString& description);
void cachePeaks(const QString& description, const DevicePeaks& peaks);

} // namespace uops::views
