#include "backends/cuda/cuda_arch.h"

#include "backends/llvm/jit_error.h"

#include <array>

#include <fmt/format.h>

namespace uops {
namespace {

// NVPTX processors, newest first, to fall back through
constexpr std::array<int, 14> kCudaArchs = {121, 120, 101, 100, 90, 89, 87, 86, 80, 75, 72, 70, 61, 60};

std::optional<GpuTarget> knownCudaTarget(int sm) {
  try {
    return gpuTarget(fmt::format("sm_{}", sm));
  } catch (const JitError&) {
    return std::nullopt;
  }
}

} // namespace

CudaArch cudaArch(int major, int minor) {
  const int sm = major * 10 + minor;
  if (std::optional<GpuTarget> own = knownCudaTarget(sm)) return {*own, ""};
  for (int older : kCudaArchs) {
    if (older > sm) continue;
    if (std::optional<GpuTarget> t = knownCudaTarget(older))
      return {*t, fmt::format("PTX for {}: LLVM's NVPTX back end does not know sm_{}", t->arch, sm)};
  }
  throw JitError(JitError::Kind::Setup, fmt::format("LLVM's NVPTX back end knows no processor at or below sm_{}", sm));
}

CodegenTarget cudaCodegenTarget(const CudaArch& arch, const std::string& device) {
  CodegenTarget t = gpuCodegenTarget(arch.target);
  t.device = device;
  return t;
}

} // namespace uops
