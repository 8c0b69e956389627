#include "backends/opencl/cl_kernel.h"

#include "backends/opencl/cl_error.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

// Sizes per dimension as a launch range; `none` when there are no sizes.
ClRange rangeOf(const std::vector<int64_t>& sizes, ClRange none) {
  auto s = [&](size_t i) { return static_cast<size_t>(sizes[i]); };
  switch (sizes.size()) {
  case 0: return none;
  case 1: return ClRange(s(0));
  case 2: return ClRange(s(0), s(1));
  default: return ClRange(s(0), s(1), s(2));
  }
}

bool hasExtension(const ClDeviceInfo& info, const std::string& name) {
  return std::find(info.extensions.begin(), info.extensions.end(), name) != info.extensions.end();
}

} // namespace

void checkBuildable(ClDevice& device, const LoweredKernel& k) {
  if (k.opencl.source.empty())
    throw ClError(ClError::Kind::Usage, fmt::format("kernel {} was not rendered as OpenCL C", k.name.text));
  if (k.opencl.needsFp64 && !hasExtension(device.info(), "cl_khr_fp64"))
    throw ClError(ClError::Kind::Usage, fmt::format("kernel {} uses float64, and {} ({}) has no cl_khr_fp64",
                                                    k.name.text, device.name(), device.info().deviceName));
}

ClProgram buildKernel(ClDevice& device, const LoweredKernel& k) {
  checkBuildable(device, k);
  return device.build(k.opencl.source, openClBuildOptions(k.opencl.quickBuild));
}

// A dispatched kernel's arguments: its case number, its buffers, then its
// first buffer again for the dispatcher's buffers it does not take.
template <class Arg> std::vector<Arg> dispatchArgs(const LoweredKernel& k, std::vector<Arg> args) {
  if (k.opencl.dispatchCase < 0) return args;
  std::vector<Arg> out{Arg(int32_t{k.opencl.dispatchCase})};
  out.insert(out.end(), args.begin(), args.end());
  while (out.size() < static_cast<size_t>(k.opencl.dispatchBuffers) + 1) out.push_back(args.at(0));
  return out;
}

double launchKernel(ClDevice& device, const ClProgram& program, const LoweredKernel& k,
                    const std::vector<ClArg>& args) {
  return device.launch(program, k.opencl.function, dispatchArgs(k, args), rangeOf(k.opencl.grid, ClRange(1)),
                       rangeOf(k.opencl.local, ClRange()));
}

ClProbeLaunch kernelProbe(const ClProgramText& program, const LoweredKernel& k,
                          std::vector<ClProbeArg> args) {
  return {program, k.opencl.function, dispatchArgs(k, std::move(args)), rangeOf(k.opencl.grid, ClRange(1)),
          rangeOf(k.opencl.local, ClRange()), k.opencl.dispatchCase >= 0 ? k.name.text : std::string()};
}

} // namespace uops
