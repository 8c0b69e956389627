// Private: what a ClProgram handle shares. Kernel objects are made on first
// launch and kept: creating one per launch costs more than many small kernels
// take to run. clSetKernelArg changes a kernel object, so a launch holds
// kernelsMutex from its first argument to its enqueue (OpenCL captures the
// arguments there).
#pragma once

#include "backends/opencl/cl_owned.h"
#include "backends/opencl/cl_program.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace uops {

struct ClProgram::State {
  OwnedProgram program;
  cl_context context{}; // held alive by program; a launch checks it is its device's
  cl_device_id device{};
  std::string deviceName;
  std::string source;
  std::string options;
  size_t hash = 0; // of the cache key (device, options, source): probed launches are remembered by it
  std::string buildLog;
  double buildMs = 0;
  std::vector<std::string> kernelNames;

  mutable std::mutex kernelsMutex;
  mutable std::map<std::string, OwnedKernel> kernels; // by name
};

} // namespace uops
