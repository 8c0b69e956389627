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
  if (k.rendered.text.empty() || k.rendered.language != RenderLanguage::OpenClC)
    throw ClError(ClError::Kind::Usage, fmt::format("kernel {} was not rendered as OpenCL C", k.name.text));
  for (const std::string& extension : k.rendered.extensions)
    if (!hasExtension(device.info(), extension))
      throw ClError(ClError::Kind::Usage,
                    fmt::format("kernel {} {}, and {} ({}) has no {}", k.name.text,
                                extension == "cl_khr_fp64" ? "uses float64" : "needs " + extension, device.name(),
                                device.info().deviceName, extension));
}

ClProgram buildKernel(ClDevice& device, const LoweredKernel& k) {
  checkBuildable(device, k);
  return device.build(k.rendered.text, openClBuildOptions(k.rendered.quickBuild));
}

// A dispatched kernel's arguments: its case number, its buffers, then its
// first buffer again for the dispatcher's buffers it does not take.
template <class Arg> std::vector<Arg> dispatchArgs(const ProgramEntry& e, std::vector<Arg> args) {
  if (e.dispatchCase < 0) return args;
  std::vector<Arg> out{Arg(int32_t{e.dispatchCase})};
  out.insert(out.end(), args.begin(), args.end());
  while (out.size() < static_cast<size_t>(e.dispatchBuffers) + 1) out.push_back(args.at(0));
  return out;
}

ProgramEntry ownEntry(const LoweredKernel& k) {
  return {.function = k.rendered.entry};
}

double launchKernel(ClDevice& device, const ClProgram& program, const LoweredKernel& k, const ProgramEntry& e,
                    const std::vector<ClArg>& args) {
  return device.launch(program, e.function, dispatchArgs(e, args), rangeOf(k.rendered.global, ClRange(1)),
                       rangeOf(k.rendered.local, ClRange()));
}

ClProbeLaunch kernelProbe(const ClProgramText& program, const LoweredKernel& k, const ProgramEntry& e,
                          std::vector<ClProbeArg> args) {
  return {program, e.function, dispatchArgs(e, std::move(args)), rangeOf(k.rendered.global, ClRange(1)),
          rangeOf(k.rendered.local, ClRange()), e.dispatchCase >= 0 ? k.name.text : std::string()};
}

} // namespace uops
