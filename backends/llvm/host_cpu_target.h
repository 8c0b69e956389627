// The CPU device's CodegenTarget for this machine: its cores and its widest
// float vectors, so the heuristics size THREAD splits and register tiles.
#pragma once

#include "core/render/codegen_target.h"

#include <cstdint>
#include <filesystem>

namespace uops {

// cpuTarget() with `threads` = the host's hardware threads and `vectorBits`
// from LLVM's host features (512 with AVX-512F, 256 with AVX, else 128).
CodegenTarget hostCpuTarget();

// The largest cache's size in bytes as Linux describes CPU 0's caches in
// `cacheDir` (index*/size, "32768K"); where a guest's kernel has no such
// folder (2 Zen 5 cores whose kernel shows none), as the C library reads
// CPUID (sysconf's level 2 and 3 sizes); 0 where neither tells.
int64_t
lastLevelCacheBytes(const std::filesystem::path& cacheDir = "/sys/devices/system/cpu/cpu0/cache");

} // namespace uops
