// A built OpenCL C program on one CL:<n> device: the handle ClDevice::build
// returns (from its cache when the same source and options were built
// before). Copies share one cl_program; it is released with the last copy.
#pragma once

#include "backends/opencl/cl_binary.h"

#include <memory>
#include <string>
#include <vector>

namespace uops {

class ClProgram {
public:
  struct State; // cl_program_state.h: only the build makes one

  ClProgram() = default; // empty: no program
  explicit ClProgram(std::shared_ptr<const State> state) : m_state(std::move(state)) {}

  explicit operator bool() const { return m_state != nullptr; }

  const std::string& source() const;
  const std::string& options() const;
  const std::string& deviceName() const; // "CL:0"
  // The driver's log of a successful build: warnings, or empty.
  const std::string& buildLog() const;
  double buildMs() const; // wall time of clBuildProgram (a cache hit returns the original's)
  // The __kernel functions, in the driver's order (CL_PROGRAM_KERNEL_NAMES).
  const std::vector<std::string>& kernelNames() const;

  // CL_PROGRAM_BINARIES, read and classified now: PoCL adds machine code to
  // it as kernels run, so a later call may see more than an earlier one.
  // Throws ClError if the driver cannot report it.
  ClBinary binary() const;

  // Equal handles share one cl_program (what a cache hit returns).
  friend bool operator==(const ClProgram&, const ClProgram&) = default;

private:
  friend class ClDevice; // launches need the cl_program and its kernels
  const State& state() const;
  std::shared_ptr<const State> m_state;
};

} // namespace uops
