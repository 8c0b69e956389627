// The compiled devices uopc can run on, registered with core's device table
// (core/program/device_run.h): CPU (LLVM ORC JIT). INTERP and REF are core's own.
#pragma once

#include "core/pipeline/rangeify.h"

#include <string>

namespace uopc {

void registerCompiledDevices();

// The device `uopc run` uses without --device: the first OpenCL GPU, else the
// CPU (as tinygrad prefers an accelerator to its CPU backend; PoCL's CL
// device runs on this same CPU, slower than the LLVM one).
std::string bestDevice();

// Rangeify's choices for the kernels a device runs (its schedule's indices).
uops::RangeifyOptions rangeifyOptionsOn(const std::string& device);

} // namespace uopc
