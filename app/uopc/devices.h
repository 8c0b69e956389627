// uopc's use of the device registry (core/engine/device_registry.h): which
// device a run uses when none is named, Rangeify's choices for a device, and
// BEAM's reports on stderr.
#pragma once

#include "core/engine/program_run.h"
#include "core/pipeline/rangeify.h"

#include <string>

namespace uopc {

// The device `uopc run` uses without --device: the first accelerator (an
// OpenCL GPU), else the CPU (as tinygrad prefers an accelerator to its CPU
// backend; PoCL's CL device runs on this same CPU, slower than the LLVM one).
std::string bestDevice();

// Rangeify's choices for the kernels a device runs (its schedule's indices).
uops::RangeifyOptions rangeifyOptionsOn(const std::string& device);

// BEAM's progress (one line, rewritten) and each kernel's result on stderr.
void reportBeamOnStderr(uops::RunSettings& settings);

} // namespace uopc
