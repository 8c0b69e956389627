#include "backends/cuda/cuda_peaks.h"

#include "backends/cuda/cuda_module.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr int kPeakChains = 8;
constexpr int kPeakSteps = 8; // fma steps of every chain per loop iteration
constexpr int kPeakRuns = 3;
constexpr double kPeakRunMs = 50;
constexpr unsigned kPeakBlock = 256;
constexpr size_t kCopyBytes = size_t{512} << 20; // each of the two buffers

double bestCudaRate(const std::function<double()>& run) {
  double best = 0;
  for (int i = 0; i < kPeakRuns; ++i) best = std::max(best, run());
  return best;
}

} // namespace

std::string cudaPeakKernelsIr() {
  std::string ir = R"(; peak kernels of the CUDA device
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)

define void @fma_peak(ptr %out, float %m, float %a, i32 %n) {
entry:
  %group = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %size = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %item = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = mul i32 %group, %size
  %i = add i32 %first, %item
  %x = uitofp i32 %i to float
)";
  for (int c = 0; c < kPeakChains; ++c) ir += fmt::format("  %init{} = fadd float %x, {}.0\n", c, c);
  ir += "  br label %loop\nloop:\n  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]\n";
  for (int c = 0; c < kPeakChains; ++c)
    ir += fmt::format("  %c{}.0 = phi float [ %init{}, %entry ], [ %c{}.{}, %loop ]\n", c, c, c, kPeakSteps);
  for (int s = 1; s <= kPeakSteps; ++s)
    for (int c = 0; c < kPeakChains; ++c)
      ir += fmt::format("  %c{}.{} = call float @llvm.fma.f32(float %c{}.{}, float %m, float %a)\n", c, s, c, s - 1);
  ir += "  %k.next = add i32 %k, 1\n  %more = icmp slt i32 %k.next, %n\n  br i1 %more, label %loop, label %done\n"
        "done:\n";
  std::string sum = fmt::format("%c0.{}", kPeakSteps);
  for (int c = 1; c < kPeakChains; ++c) {
    ir += fmt::format("  %sum{} = fadd float {}, %c{}.{}\n", c, sum, c, kPeakSteps);
    sum = fmt::format("%sum{}", c);
  }
  ir += fmt::format("  %at = getelementptr inbounds float, ptr %out, i32 %i\n  store float {}, ptr %at\n  ret void\n}}\n",
                    sum);
  ir += R"(
define void @copy_peak(ptr noalias %dst, ptr noalias %src) {
entry:
  %group = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %size = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %item = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = zext i32 %group to i64
  %s = zext i32 %size to i64
  %t = zext i32 %item to i64
  %first = mul i64 %g, %s
  %i = add i64 %first, %t
  %from = getelementptr inbounds <4 x float>, ptr %src, i64 %i
  %v = load <4 x float>, ptr %from, align 16
  %to = getelementptr inbounds <4 x float>, ptr %dst, i64 %i
  store <4 x float> %v, ptr %to, align 16
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @fma_peak, !"kernel", i32 1}
!1 = !{ptr @copy_peak, !"kernel", i32 1}
)";
  return ir;
}

DevicePeaks measureCudaPeaks(CudaContext& context, const GpuTarget& target) {
  const std::string ptx = compileGpuAssembly(cudaPeakKernelsIr(), "fma_peak", target);
  CudaModule fma(context, ptx, "fma_peak", "fma_peak");
  CudaModule copy(context, ptx, "copy_peak", "copy_peak");

  // arithmetic: 16 blocks of 256 threads per SM, a run of about kPeakRunMs
  const unsigned blocks = static_cast<unsigned>(std::max(1, context.info().multiprocessors)) * 16;
  const size_t threads = size_t{blocks} * kPeakBlock;
  const cu::CUdeviceptr out = context.alloc(threads * sizeof(float));
  float m = 0.5f, a = 0.5f; // the chains approach 1.0: no overflow, no subnormals
  auto fmaRun = [&](int n) {
    void* params[] = {const_cast<cu::CUdeviceptr*>(&out), &m, &a, &n};
    return context.launch(fma.function(), {{blocks, 1, 1}, {kPeakBlock, 1, 1}}, params, "fma_peak");
  };
  const int probe = 64;
  const double probeMs = std::max(fmaRun(probe), 1e-3);
  const int n = static_cast<int>(std::clamp(probe * kPeakRunMs / probeMs, 1.0, 1e7));
  DevicePeaks peaks;
  peaks.gflops = bestCudaRate([&] {
    const double flops = static_cast<double>(threads) * n * kPeakChains * kPeakSteps * 2;
    return flops / (fmaRun(n) * 1e6);
  });
  context.free(out);

  // bandwidth: a copy of kCopyBytes, read and written
  const cu::CUdeviceptr src = context.alloc(kCopyBytes), dst = context.alloc(kCopyBytes);
  const unsigned copyBlocks = static_cast<unsigned>(kCopyBytes / 16 / kPeakBlock);
  peaks.gbps = bestCudaRate([&] {
    void* params[] = {const_cast<cu::CUdeviceptr*>(&dst), const_cast<cu::CUdeviceptr*>(&src)};
    const double ms = context.launch(copy.function(), {{copyBlocks, 1, 1}, {kPeakBlock, 1, 1}}, params, "copy_peak");
    return 2.0 * static_cast<double>(kCopyBytes) / (ms * 1e6);
  });
  context.free(src);
  context.free(dst);
  return peaks;
}

} // namespace uops
