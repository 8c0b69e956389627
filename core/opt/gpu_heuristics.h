// Hand-coded heuristics for a GPU (a target with warps: sm_NN, gfxNNNN, an
// OpenCL device that is a GPU), chosen from the kernel's ranges and loads
// alone, in this order:
//   - matrix-vector (one output axis, one reduction read consecutively, a
//     load reused across the outputs): a warp's worth of work-items share each
//     row's reduction (GROUP_REDUCE 32, the grid's x), each work-item
//     computes 4 rows (UPCAST 4) and a workgroup holds 4 such row groups
//     (LOCAL 4);
//   - a reduction with a small output (at most 2048 elements): one work-item
//     per output would leave the GPU idle, so a workgroup of up to 256
//     work-items reads each reduction's elements side by side (GROUP_REDUCE);
//   - other reductions: a register tile of 4 x 4 accumulators on the output
//     axes across which a load is reused (a matmul's rows and columns), the
//     reduction unrolled by 4 (float4 loads of the operand read along it);
//   - without a tile, the innermost output axis by 4 (float4 loads and stores);
//   - workgroups: the GLOBAL axes left, innermost first, get LOCAL parts of
//     up to four warps (a matmul's tile 16 wide on its columns, so a half
//     warp reads a row's 64 consecutive floats), the innermost the grid's x.
// The register tile's operands are then staged through shared memory by
// Optimize's last step (core/pipeline/operand_tiles.h): the workgroup copies
// each K-tile of A and B there together, and the register tile reads them.
#pragma once

#include "core/opt/apply_opt.h"

#include <vector>

namespace uops {

// Whether `target` gets these heuristics rather than heuristics.h's.
bool usesGpuHeuristics(const OptTarget& target);

std::vector<Opt> gpuHeuristicOpts(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
