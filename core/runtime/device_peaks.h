// A device's peak rates as its hardware reaches them: the roof every kernel's
// measured rate sits under. Each backend measures them with kernels built to
// reach them (Device::measurePeaks), not with kernels this compiler lowered,
// so a kernel near the roof has nothing left to gain, and none sits above it.
#pragma once

namespace uops {

struct DevicePeaks {
  double gflops = 0; // float32 arithmetic, a fused multiply-add counted as two FLOPs
  double gbps = 0;   // bytes read plus written per second, 1e9
  // The arithmetic intensity (FLOPs per byte) where the two roofs meet.
  double ridge() const { return gbps > 0 ? gflops / gbps : 0; }
};

} // namespace uops
