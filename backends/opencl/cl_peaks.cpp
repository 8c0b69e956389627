#include "backends/opencl/cl_peaks.h"

#include "backends/opencl/cl_device.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr int kRuns = 3;
constexpr double kRunMs = 200;
constexpr int kChains = 8;           // fma_peak's, per work-item
constexpr size_t kReadsPerItem = 16; // read_peak's float4 loads per work-item

// V is the vector type, W its width; eight chains hide the fma's latency
const char* kSource = R"(
#define STEP c0 = fma(c0, m, a); c1 = fma(c1, m, a); c2 = fma(c2, m, a); c3 = fma(c3, m, a); \
             c4 = fma(c4, m, a); c5 = fma(c5, m, a); c6 = fma(c6, m, a); c7 = fma(c7, m, a);
__kernel void fma_peak(__global float* out, float ms, float as, int n) {
  const V m = (V)(ms), a = (V)(as);
  const float x = (float)get_global_id(0) * 1e-9f;
  V c0 = (V)(x), c1 = c0 + 1.0f, c2 = c0 + 2.0f, c3 = c0 + 3.0f, c4 = c0 + 4.0f, c5 = c0 + 5.0f, c6 = c0 + 6.0f,
    c7 = c0 + 7.0f;
  for (int i = 0; i < n; ++i) { STEP STEP STEP STEP }
  V s = ((c0 + c1) + (c2 + c3)) + ((c4 + c5) + (c6 + c7));
  float r = 0.0f;
  for (int k = 0; k < W; ++k) r += ((float*)&s)[k];
  out[get_global_id(0)] = r;
}
__kernel void copy_peak(__global const float4* src, __global float4* dst) {
  dst[get_global_id(0)] = src[get_global_id(0)];
}
__kernel void read_peak(__global const float4* src, __global float4* out, int reads) {
  const size_t i = get_global_id(0), g = get_global_size(0);
  float4 acc = (float4)(0.0f);
  for (int k = 0; k < reads; ++k) acc += src[i + (size_t)k * g];
  out[i] = acc;
}
)";

double bestOf(const std::function<double()>& run) {
  double best = 0;
  for (int i = 0; i < kRuns; ++i)
    best = std::max(best, run());
  return best;
}

double fmaGflops(ClDevice& device, const ClProgram& program, size_t local, int width) {
  const size_t global = std::max<size_t>(1, device.info().computeUnits) * local * 8;
  ClBuffer out = device.alloc(global * sizeof(float));
  auto launch = [&](int n) {
    return device.launch(program, "fma_peak", {out, 0.999999f, 1e-6f, int32_t{n}}, ClRange(global),
                         ClRange(local));
  };
  const int probe = 16;
  const double ms = std::max(launch(probe), 1e-3);
  const int n = static_cast<int>(std::clamp(probe * kRunMs / ms, 1.0, 1e8));
  const double flops =
      2.0 * 4 * kChains * width * static_cast<double>(global) * n; // four STEPs an iteration
  return bestOf([&] { return flops / (launch(n) / 1e3); }) / 1e9;
}

double streamGbps(ClDevice& device, const ClProgram& program, size_t local) {
  const ClDeviceInfo& info = device.info();
  const size_t step = local * kReadsPerItem * 16; // bytes a work-group of read_peak reads
  const double cap = std::min({256.0 * (1 << 20), static_cast<double>(info.maxAllocSize),
                               static_cast<double>(info.globalMemSize) / 8});
  const size_t bytes = std::max<size_t>(1, static_cast<size_t>(cap) / step) * step;
  ClBuffer src = device.alloc(bytes), dst = device.alloc(bytes);
  const size_t vectors = bytes / 16, readers = vectors / kReadsPerItem;
  const double copy = bestOf([&] {
    return 2.0 * static_cast<double>(bytes) /
           (device.launch(program, "copy_peak", {src, dst}, ClRange(vectors), ClRange(local)) /
            1e3);
  });
  const double read = bestOf([&] {
    const double ms =
        device.launch(program, "read_peak", {src, dst, static_cast<int32_t>(kReadsPerItem)},
                      ClRange(readers), ClRange(local));
    return (static_cast<double>(bytes) + static_cast<double>(readers) * 16) / (ms / 1e3);
  });
  return std::max(copy, read) / 1e9;
}

} // namespace

ClPeaks measureClPeaks(ClDevice& device) {
  const int width = device.info().type == "GPU" ? 4 : 16;
  const ClProgram program = device.build(kSource, fmt::format("-DV=float{0} -DW={0}", width));
  const size_t local = std::clamp<size_t>(device.info().maxWorkGroupSize, 1, 256);
  return {.gflops = fmaGflops(device, program, local, width),
          .gbps = streamGbps(device, program, local)};
}

} // namespace uops
