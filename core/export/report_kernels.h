// The HTML report's kernels from a lowering and a run of it: each kernel's
// launch, its source as the renderer wrote it, its machine code (compiled
// again by the device: its programs are not kept by a run), its work for
// the roofline, and its times where the run timed it.
#pragma once

#include "core/export/html_report.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/schedule_executor.h"
#include "core/engine/device.h"

#include <vector>

namespace uops {

// `times`: by launch order, one per kernel of `run` (a kernel whose name
// differs is left untimed); empty when not run. A kernel the device cannot
// show machine code for says why in its place.
std::vector<ReportKernel> reportKernels(Device& device, const PipelineRun& run, const std::vector<KernelTimes>& times);

// The graph the report shows: the whole program after `stage` (its first
// record), or after the last whole-program stage when no stage has that name.
const StageRecord* reportStage(const PipelineRun& run, const std::string& stage);

} // namespace uops
