// Running a program's outputs on a device by name: the device comes from the
// registry (core/engine/device_registry.h: REF and INTERP are core's, CPU and
// CL:<n> the backends' once registered), the run is core/engine's one path
// (program_run.h).
#pragma once

#include "core/engine/program_run.h"
#include "core/tensor/tensor.h"

#include <string>
#include <vector>

namespace uops::program {

// The outputs' graphs as roots for the pipeline.
std::vector<UOpPtr> rootsOf(const std::vector<Tensor>& outputs);

// Evaluates `outputs` on `device` (any spelling canonicalDeviceName accepts).
// Throws DeviceError for an unknown device or one this machine lacks; errors
// of the run itself (EvalError, compile errors) pass through.
DeviceRun runOnDevice(const std::vector<Tensor>& outputs, const std::string& device,
                      const RunSettings& settings = {});

} // namespace uops::program
