// One CL:<n> device opened for work: a context holding just that device and
// one in-order queue with profiling enabled (every launch is timed by its
// event). Programs built here are cached by (source, options, device).
//
// Thread-safe: builds, copies and launches may come from several threads;
// OpenCL orders them on the one queue. Movable; a moved-from ClDevice may
// only be assigned to or destroyed.
#pragma once

#include "backends/opencl/cl_buffer.h"
#include "backends/opencl/cl_device_info.h"
#include "backends/opencl/cl_launch.h"
#include "backends/opencl/cl_probe.h"
#include "backends/opencl/cl_program.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

struct ClDeviceConfig {
  // Programs the cache keeps, most recently used first (0: no cache). Handles
  // elsewhere keep theirs alive regardless.
  size_t keepPrograms = 256;
  // Run each launch not seen succeed in this process in the probe process
  // first (cl_probe.h). Off in the probe itself.
  bool probeLaunches = true;
};

struct ClBuildStats {
  uint64_t builds = 0;       // clBuildProgram calls that succeeded
  uint64_t cacheHits = 0;    // build() calls answered from the cache
  size_t cachedPrograms = 0; // programs in the cache now
  uint64_t allocations = 0;  // alloc() calls: buffers made on the device
};

class ClDevice {
public:
  // Opens clDevices()[index]. Throws ClError (Usage) when there is no such
  // device, (Call) when its context or queue cannot be made.
  explicit ClDevice(size_t index, ClDeviceConfig config = {});
  // Opens the device named "CL:<n>".
  static ClDevice open(std::string_view name, ClDeviceConfig config = {});
  ~ClDevice();
  ClDevice(ClDevice&&) noexcept;
  ClDevice& operator=(ClDevice&&) noexcept;

  const ClDeviceInfo& info() const;
  const std::string& name() const { return info().name; }

  // Uninitialized device memory. Throws ClError (Call) for 0 bytes or more
  // than the device gives (CL_INVALID_BUFFER_SIZE, ..._ALLOCATION_FAILURE).
  ClBuffer alloc(size_t bytes);

  // The program for `source` built with `options` (clBuildProgram's option
  // string, e.g. "-cl-fast-relaxed-math"): from the cache when built before.
  // A failed build throws ClError (Build) with the driver's log and the
  // numbered source in its message; failures are not cached.
  ClProgram build(const std::string& source, const std::string& options = {});

  // Runs `kernel` of `program` once and waits for it; returns its time on
  // the device in milliseconds (CL_PROFILING_COMMAND_END - _START). `local`
  // left empty lets the driver choose. The first launch of a (program,
  // kernel, global, local) in this process is probed first (probe()).
  // Throws ClError: Usage for a program of another ClDevice, a wrong
  // argument count or mismatched dimensions; Call with the CL_ error for
  // what OpenCL rejects (an unknown kernel name, a scalar of the wrong size,
  // a work-group too large, a failed run); Compiler when the probe died.
  double launch(const ClProgram& program, const std::string& kernel, const std::vector<ClArg>& args,
                const ClRange& global, const ClRange& local = {});

  // Runs the launches not yet probed in this process once each, shared among
  // the probe processes (cl_probe.h), and remembers those that succeeded.
  // Throws ClError (Compiler) naming the first launch the child did not get
  // through; (Usage) when the probe executable cannot be found or started.
  // Launches OpenCL refuses in the child are left for launch() to report.
  // Does nothing when probes are off.
  void probe(const std::vector<ClProbeLaunch>& launches);
  // Starts the probe processes now, when probes are on and none runs: each
  // opens this device as it starts (PoCL: about 0.3 s), which then overlaps
  // what the caller does before its first probe (a build). ClError (Usage)
  // when the probe executable cannot be started.
  void startProbes();

  // Waits until everything queued has run.
  void finish();

  ClBuildStats stats() const;
  // Forgets the cache's programs (handles elsewhere keep theirs).
  void clearCache();

  struct Impl; // cl_device_state.h

private:
  static const ClBuffer::State& bufferState(const ClBuffer& buffer) { return buffer.state(); }
  static const ClProgram::State& programState(const ClProgram& program) { return program.state(); }
  std::unique_ptr<Impl> m_impl;
};

// The process's shared device for CL:<index>, opened on first use and kept
// for the rest of the process (never destroyed: releasing OpenCL objects from
// static destructors races the drivers' own teardown at exit). Views and
// tools use these, so a program built once is found by all of them.
ClDevice& clDevice(size_t index);

} // namespace uops
