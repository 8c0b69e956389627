#include "backends/llvm/host_cpu_target.h"

#include "backends/llvm/target_desc.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace uops {
namespace {

bool hasFeature(const std::string& features, const std::string& name) {
  return ("," + features + ",").find(",+" + name + ",") != std::string::npos;
}

// The last-level cache a thread's kernel output can stay in until the next
// kernel reads it. Linux (and CPUID) in a guest name the whole cache but not
// the host's other cores that share it: 2 cores of a Sapphire Rapids guest
// told of a 260 MB L3, and a chain of two elementwise kernels kept buffers of
// 8 MB there (plain stores 0.62 ms, streamed 0.67-1.3) but not 20 MB and more
// (2.0-2.4 against 1.7-2.0 ms; 32 MB 3.9-4.2 against 2.6-2.7; a 64 MB copy
// 3.9 against 2.2); 16 MB was either way.
constexpr int64_t kCacheShareBytes = int64_t{10} << 20;

} // namespace

int64_t lastLevelCacheBytes(const std::filesystem::path& cacheDir) {
  int64_t largest = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(cacheDir, error)) {
    std::ifstream in(entry.path() / "size");
    std::string size;
    if (!(in >> size) || size.empty()) continue;
    int64_t bytes = 0;
    try {
      bytes = std::stoll(size);
    } catch (const std::exception&) {
      continue;
    }
    if (size.back() == 'K') bytes <<= 10;
    if (size.back() == 'M') bytes <<= 20;
    largest = std::max(largest, bytes);
  }
#if defined(_SC_LEVEL2_CACHE_SIZE) && defined(_SC_LEVEL3_CACHE_SIZE)
  if (largest == 0)
    largest = std::max<int64_t>({0, sysconf(_SC_LEVEL2_CACHE_SIZE), sysconf(_SC_LEVEL3_CACHE_SIZE)});
#endif
  return largest;
}

CodegenTarget hostCpuTarget() {
  CodegenTarget target = cpuTarget();
  target.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::string& features = hostTarget().features;
  target.vectorBits = hasFeature(features, "avx512f") ? 512 : hasFeature(features, "avx") ? 256 : 128;
  target.halfInstructions = hasFeature(features, "f16c");
  target.fusedMultiplyAdd =
      hasFeature(features, "fma") || hostTarget().triple.starts_with("aarch64");
  const bool x86 = hostTarget().triple.starts_with("x86_64") || hostTarget().triple.starts_with("i386");
  target.maximumByOrderedMax = x86;
  target.scaleInstruction =
      x86 && hasFeature(features, "avx512f") && hasFeature(features, "avx512vl");
  // AMD's cores scale into subnormals at full speed (Intel's take a microcode assist)
  target.fractionInstruction = target.scaleInstruction && hasFeature(features, "avx512dq") &&
                               hostTarget().cpu.starts_with("znver");
  target.broadcastsOnFpPipes = x86 && hostTarget().cpu.starts_with("znver");
  // measured on x86 (softmax over 4096 x 4096 on 2 Zen 3 cores); stream_stores.h keeps only whole aligned vectors
  static const int64_t lastLevel = lastLevelCacheBytes();
  if (x86) target.streamingStoreBytes = std::min(lastLevel, kCacheShareBytes * target.threads);
  return target;
}

} // namespace uops
