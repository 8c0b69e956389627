// Probes: a launch's first run in a child process. Drivers that compile a
// kernel when it is launched may end the process when that compile fails:
// PoCL builds each work-group function lazily, per local size, and calls
// abort() on a failure (an assertion in its kernel compiler, "Final linking
// of kernel ... failed"). ClDevice::launch therefore runs every (program,
// kernel, global size, local size) it has not seen succeed in this process
// once in the probe executable (uopscope-clprobe) first, on buffers of the
// same sizes filled with 0x01 bytes; a child that dies makes the launch a
// ClError (Compiler) and this process lives on. The child stays up and
// answers every probe of its device until it dies (opening OpenCL costs
// PoCL about 0.3 s); the next probe starts another. PoCL caches compiled
// programs and work-group functions on disk, so our own build and launch
// after a probe find the child's work there.
//
// UOPSCOPE_CL_PROBE=0 in the environment turns probes off (for timing them).
#pragma once

#include "backends/opencl/cl_launch.h"
#include "backends/opencl/cl_program.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace uops {

// A buffer argument as the probe sees it: only its size travels.
struct ClProbeBuffer {
  size_t bytes = 0;
};
using ClProbeArg = std::variant<ClProbeBuffer, int32_t, int64_t, float>;

// The probe's form of a launch argument: a buffer's size, a scalar's value.
ClProbeArg probeArg(const ClArg& arg);
std::vector<ClProbeArg> probeArgs(const std::vector<ClArg>& args);

// A program as the probe builds it: its OpenCL C and build options. A probe
// may name a program the parent has not built yet: the child's build then
// fills the driver's disk cache (PoCL), and the parent's own build of the
// same text afterwards is a cache hit.
struct ClProgramText {
  ClProgramText(std::string source, std::string options) : source(std::move(source)), options(std::move(options)) {}
  ClProgramText(const ClProgram& built) : source(built.source()), options(built.options()) {} // NOLINT: implicit on purpose
  std::string source;
  std::string options;
};

// One launch to try: what ClDevice::launch would be given.
struct ClProbeLaunch {
  ClProgramText program;
  std::string kernel;
  std::vector<ClProbeArg> args;
  ClRange global;
  ClRange local; // no dimensions: the driver's choice, as in launch()
  // What messages (and UOPSCOPE_INJECT_FAULT) call it where `kernel` is a
  // dispatcher (cl_schedule_program.h): the schedule's kernel; empty: `kernel`.
  std::string name{};
};

// Whether this launch got through a probe in this process already: `programHash`
// is the hash of the program's cache key (ClProgram::State::hash). A set
// lookup, for the launch path.
bool clLaunchProbed(const std::string& device, size_t programHash, const std::string& kernel,
                    const ClRange& global, const ClRange& local);

// How many probe processes a device gets: a request of several launches is
// shared among them, since a driver compiles one kernel at a time per process
// (PoCL: its compiler lock) and a cold schedule's compiles are most of its
// first run.
size_t clProbeServers();

// False when UOPSCOPE_CL_PROBE=0 (read once per process).
bool clProbesEnabled();

} // namespace uops
