// An OpenCL device's peaks, measured with OpenCL C kernels built to reach
// them (not rendered from UOps):
// - arithmetic: eight independent fma chains per work-item on float16
//   (float4 on GPUs, which hide latency with work-items rather than vector
//   width), over a global size of compute units x work-group x 8;
// - bandwidth: the better of a float4 copy and a float4 streaming read of a
//   buffer far larger than the caches (256 MiB, less where the device's
//   allocations are smaller), timed by profiling events.
// Each is the best of three launches of about a fifth of a second.
#pragma once

namespace uops {

class ClDevice;

struct ClPeaks {
  double gflops = 0; // an fma counted as two
  double gbps = 0;   // read plus written
};

ClPeaks measureClPeaks(ClDevice& device);

} // namespace uops
