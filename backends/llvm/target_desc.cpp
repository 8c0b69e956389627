#include "backends/llvm/target_desc.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/TargetParser/Host.h>

#include <algorithm>
#include <vector>

namespace uops {

static TargetDesc detectHost() {
  TargetDesc target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu = llvm::sys::getHostCPUName().str();
  // StringMap iterates in hash order; sorted, the string is the same on every
  // run, so it can be shown and compared.
  std::vector<std::string> features;
  for (const auto& feature : llvm::sys::getHostCPUFeatures())
    features.push_back((feature.second ? "+" : "-") + feature.first().str());
  std::sort(features.begin(), features.end(),
            [](const std::string& a, const std::string& b) { return a.substr(1) < b.substr(1); });
  for (const auto& feature : features)
    target.features += (target.features.empty() ? "" : ",") + feature;
  return target;
}

const TargetDesc& hostTarget() {
  static const TargetDesc host = detectHost();
  return host;
}

} // namespace uops
