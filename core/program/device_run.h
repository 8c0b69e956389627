// Running a program's outputs on a device: the reference evaluator ("REF")
// here, compiled devices (CPU, INTERP, CL:n) registered by the layers that
// build them (backends link into app/, core cannot name them).
#pragma once

#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/schedule_executor.h"
#include "core/runtime/host_tensor.h"
#include "core/tensor/tensor.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops::program {

struct DeviceRun {
  std::vector<HostTensor> outputs; // one per requested tensor, in order
  // Compiled kernels that ran, copies not counted (PROGRAM_FORMAT.md). REF
  // compiles nothing: 0.
  int64_t kernels = 0;
  std::vector<KernelTimes> times; // per kernel in launch order, one entry per run
};

struct RunSettings {
  int repeat = 1;     // runs of the whole schedule after compiling (times: one per run)
  std::string device; // the full device name ("CL:1"); runOnDevice fills it in
  bool heuristics = true; // kernels without given OptOps get the hand-coded ones
  KernelOpts opts;        // OptOps for kernels by schedule index
  int beam = 0;           // > 0: BEAM search of this width for the other kernels
  double beamBudgetSeconds = 120; // per kernel; 0: no limit
};

// A user-visible failure: an unknown device, or one that is not built yet.
class DeviceError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

using DeviceRunner =
    std::function<DeviceRun(const std::vector<Tensor>& outputs, const RunSettings& settings)>;

// Makes `runOnDevice(outputs, name)` use `runner`; the name's part before ':'
// selects it ("CL" serves "CL:0" and "CL:1"). A later registration replaces
// an earlier one.
void registerDevice(const std::string& name, DeviceRunner runner);

// Evaluates `outputs` on `device`: "REF", "INTERP" (the schedule with every
// kernel interpreted, see core/pipeline/kernel_interpreter.h), or a registered
// device. Throws
// DeviceError for an unknown or not yet available device; errors of the run
// itself (EvalError, compile errors) pass through.
DeviceRun runOnDevice(const std::vector<Tensor>& outputs, const std::string& device,
                      const RunSettings& settings = {});

} // namespace uops::program
