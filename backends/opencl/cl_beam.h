// BEAM on a CL:<n> device: candidates are lowered with their OptOps (LOCAL
// and GROUP_REDUCE included), built by the driver (the device caches programs
// by source), probed (cl_probe.h: one the driver's compiler dies on is
// skipped) and timed by profiling events on uninitialized buffers: the
// minimum of `repeats` launches.
#pragma once

#include "backends/opencl/cl_device.h"
#include "core/opt/beam.h"
#include "core/pipeline/codegen_target.h"

namespace uops {

// `kernelAst` is the kernel as Rangeify made it; `device` must outlive the timer.
BeamTimer clBeamTimer(ClDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target, int repeats = 3);

// The search for one Rangeify kernel on the device.
BeamResult beamSearchCl(ClDevice& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                        const BeamSettings& settings, int repeats = 3);

} // namespace uops
