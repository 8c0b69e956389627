// A CUDA device's peak float32 rate and memory bandwidth (core's
// Device::measurePeaks): two kernels written to reach them, as LLVM IR for
// the NVPTX back end, compiled to PTX like every kernel and run through the
// driver. fma_peak: every thread runs eight independent fma chains (enough to
// hide the fma's latency), blocks filling every SM several times over.
// copy_peak: a 4-wide load and store per thread over buffers far larger than
// the L2 cache.
#pragma once

#include "backends/cuda/cuda_context.h"
#include "backends/llvm/gpu_target.h"
#include "core/runtime/device_peaks.h"

#include <string>

namespace uops {

// The module of both kernels (entries "fma_peak", "copy_peak").
std::string cudaPeakKernelsIr();

DevicePeaks measureCudaPeaks(CudaContext& context, const GpuTarget& target);

} // namespace uops
