// Where remarks are (core/remarks/remark.h): the stages emit them about
// nodes; here each gets its kernel, the line of that kernel's rendered
// source the node produced (RenderedKernel::lineNodes) and,
// through provenance, the program line (UOp::line). A compiler's remarks
// arrive with an IR line; they get the node of that line.
#pragma once

#include "core/pipeline/codegen.h"
#include "core/pipeline/schedule.h"
#include "core/remarks/remark.h"

#include <optional>
#include <vector>

namespace uops {

struct PipelineRun;

// The node each line of the kernel's rendered source came from (null: none).
const std::vector<const UOp*>& renderedLineNodes(const LoweredKernel& kernel);

// Sets each remark's kernel to `index`, and its IR line, node and program
// line from what it has (a node, or an IR line).
void placeKernelRemarks(std::vector<Remark>& remarks, const LoweredKernel& kernel, size_t index);

// Rangeify's remarks about a Buffer go to the first kernel that binds it,
// the kernel that writes it (kernels launch in order). A buffer no kernel
// binds was removed after all: its refusals from earlier rounds are dropped.
void placeFusionRemarks(std::vector<Remark>& remarks, const Schedule& schedule);

// Every remark of a run (PipelineOptions::remarks), or those of one kernel:
// Rangeify's first, then each kernel's in schedule order.
std::vector<Remark> runRemarks(const PipelineRun& run, std::optional<size_t> kernel = std::nullopt);

} // namespace uops
