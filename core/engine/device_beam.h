// BEAM on any Device: each candidate is lowered with its OptOps for the
// device's target, compiled by the device (several at once: compileAll's
// thread-safety is each backend's promise), and timed on scratch buffers of
// its Params' sizes: the minimum of `repeats` runs. A candidate the device's
// compiler refuses (or dies on, where the backend isolates it) is skipped.
#pragma once

#include "core/opt/beam.h"
#include "core/render/codegen_target.h"
#include "core/engine/device.h"

namespace uops {

// `kernelAst` is the kernel as Rangeify made it; `device` outlives the timer.
BeamTimer deviceBeamTimer(Device& device, const UOpPtr& kernelAst, const CodegenTarget& target, int repeats = 3);

// The search for one Rangeify kernel on `device`, lowered for `target` (the
// device's target with the caller's choices, e.g. heuristics for seeds).
BeamResult beamSearchOn(Device& device, const UOpPtr& kernelAst, const CodegenTarget& target,
                        const BeamSettings& settings, int repeats = 3);

} // namespace uops
