#include "backends/llvm/host_cpu_target.h"

#include "backends/llvm/target_desc.h"

#include <algorithm>
#include <thread>

namespace uops {
namespace {

bool hasFeature(const std::string& features, const std::string& name) {
  return ("," + features + ",").find(",+" + name + ",") != std::string::npos;
}

} // namespace

CodegenTarget hostCpuTarget() {
  CodegenTarget target = cpuTarget();
  target.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::string& features = hostTarget().features;
  target.vectorBits = hasFeature(features, "avx512f") ? 512 : hasFeature(features, "avx") ? 256 : 128;
  target.halfInstructions = hasFeature(features, "f16c");
  target.maximumByOrderedMax = hostTarget().triple.starts_with("x86_64") || hostTarget().triple.starts_with("i386");
  return target;
}

} // namespace uops
