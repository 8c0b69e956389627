// The INTERP device: the program lowered to its schedule (Callify, Rangeify)
// and every kernel AST run by the kernel interpreter. Slow and exact; it
// checks the schedule without any code generation.
#pragma once

#include "core/program/device_run.h"

namespace uops::program {

// Throws std::runtime_error with the failing stage's message when lowering
// fails, KernelError when a kernel reads outside a buffer.
DeviceRun runOnInterp(const std::vector<Tensor>& outputs, const RunSettings& settings);

// The outputs' graphs as roots for the pipeline.
std::vector<UOpPtr> rootsOf(const std::vector<Tensor>& outputs);

} // namespace uops::program
