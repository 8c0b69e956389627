// The machine a kernel is compiled for: LLVM's triple, CPU name and feature
// string. The CPU backend always compiles for the host, so kernels use every
// vector extension it has (AVX2, AVX-512).
#pragma once

#include <string>

namespace uops {

struct TargetDesc {
  std::string triple;   // "x86_64-pc-linux-gnu"
  std::string cpu;      // "znver3"
  std::string features; // "+avx,+avx2,-avx512f,..." (sorted, so it is stable)

  bool operator==(const TargetDesc&) const = default;
};

// The host, as LLVM detects it (computed once).
const TargetDesc& hostTarget();

} // namespace uops
