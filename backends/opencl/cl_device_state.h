// Private: ClDevice's context, queue and program cache.
#pragma once

#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_owned.h"
#include "backends/opencl/cl_program_cache.h"

#include <atomic>
#include <string>
#include <vector>

namespace uops {

struct ClDevice::Impl {
  ClDeviceInfo info;
  cl_device_id id{};
  OwnedContext context;
  OwnedQueue queue;
  ClProgramCache cache;
  bool probes = true; // ClDeviceConfig::probeLaunches, unless UOPSCOPE_CL_PROBE=0
  std::atomic<uint64_t> builds = 0;
  std::atomic<uint64_t> cacheHits = 0;
  std::atomic<uint64_t> allocations = 0;

  explicit Impl(size_t keepPrograms) : cache(keepPrograms) {}

  // cl_launch.cpp: the cl_mem of each buffer argument, null for scalars.
  std::vector<cl_mem> buffersOf(const std::vector<ClArg>& args, const std::string& doing) const;
};

} // namespace uops
