// Running a program's outputs on a Device, the one code path uopc and the
// explorer share: REF evaluates the graph; a device with a code generator
// gets the program lowered for its target (OptOps given per kernel, BEAM
// search for the others when asked, the heuristics for the rest), INTERP
// Rangeify's kernels as they are; then the schedule runs (device_schedule.h).
#pragma once

#include "core/ir/variable.h"
#include "core/opt/beam.h"
#include "core/engine/device_schedule.h"
#include "core/engine/multi_schedule.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/device.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace uops {

struct DeviceRun {
  std::vector<HostTensor> outputs; // one per root, in order
  // Compiled kernels that ran, copies not counted (PROGRAM_FORMAT.md). REF
  // compiles nothing: 0.
  int64_t kernels = 0;
  std::vector<KernelTimes> times; // per kernel in launch order, one entry per run
  std::vector<KernelLaunch> launches; // per kernel in launch order (TimelineEvent::kernel)
  // What ran on which device when (every run's copies and kernels; REF: none);
  // a program on device tuples: the copies between devices per run, and how
  // many devices ran it (1 otherwise).
  std::vector<TimelineEvent> timeline;
  int64_t copies = 0;
  int64_t devices = 1;
};

struct RunSettings {
  int repeat = 1;         // runs of the whole schedule after compiling (times: one per run)
  bool heuristics = true; // kernels without given OptOps get the hand-coded ones
  KernelOpts opts;        // OptOps for kernels by schedule index
  int beam = 0;           // > 0: BEAM search of this width for the other kernels
  double beamBudgetSeconds = 120; // per kernel; 0: no limit
  // BEAM's reports, per kernel (by its Rangeify name): after each candidate, and its result
  std::function<void(const std::string& kernel, const BeamProgress&)> beamProgress;
  std::function<void(const std::string& kernel, const BeamResult&)> beamDone;
  // Contents of the roots' input Buffers by id; those not given read as zeros.
  BufferValues inputs;
  // Set from another thread, a run on one device stops before its next
  // kernel (PipelineCancelled).
  const std::atomic<bool>* cancel = nullptr;
  // Bound values of the program's symbolic variables: kernels compiled once
  // take them as arguments, also with OptOps or BEAM (whose search times its
  // candidates with the values); REF and device splits substitute them.
  VariableValues variables{};
};

// The device's target with the run's choices (heuristics); DeviceError for a
// device without a code generator.
CodegenTarget runTarget(const Device& device, bool heuristics);

// Without BEAM or given OptOps, a program on one device is lowered and
// compiled once per structure (schedule_cache.h): running it again on other
// buffers or other input contents only uploads and runs.
// A program whose values live on device tuples is split per device first
// (device_split.h); its virtual devices CPU:k run on `device`'s kind
// (deviceAfter: on CL:0, CPU:2 is CL:2), other named devices as named.
// Throws DeviceError for BEAM on a device without a code generator, for a
// failed lowering (with the failing stage's message), for a device the
// mapping needs and this machine lacks; errors of the run itself
// (EvalError, KernelError, DeviceSplitError, compile errors) pass through.
DeviceRun runProgram(Device& device, const std::vector<UOpPtr>& roots, const RunSettings& settings = {});

} // namespace uops
