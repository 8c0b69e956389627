// Hand-coded heuristics: the default OptOps of a kernel, chosen from its
// ranges and loads alone (no timing). For a CPU:
//   - register tiling where it pays: an output axis that some load does not
//     depend on (that load's value is reused across the axis, as B's row is
//     across a matmul's output rows) is upcast, the innermost such axis by up
//     to 16 and the next by up to 8, so a matmul keeps a 16x8 block of
//     accumulators in vector registers (32x8 runs a little faster but doubles
//     the copies Expand makes and the time to compile; BEAM finds it); with
//     256-bit vectors (16 registers) a 16x4 block, half of them;
//   - with 512-bit vectors, a convolution's image row that 16 does not divide
//     is upcast whole where it fits (conv_rules.h); else a first tile axis
//     read consecutively that 16 does not divide is padded to a multiple of 16 when that
//     adds at most a quarter and a second tile axis follows, so the tile is
//     whole vectors (its tail masked), and equal tile factors nest the first
//     axis innermost, where LLVM packs its copies into vectors;
//   - with 256-bit vectors, a convolution's image row that two vectors do
//     not divide is padded to a multiple of 16 (adding at most a quarter) and
//     tiled 16 columns by 4 output channels, the rows' loop outside the
//     channels' (conv_rules.h);
//   - with 512-bit vectors, a matmul whose 32-column tile of the operand
//     reused across its rows (K x 32 floats) outgrows a 32 KiB L1 is tiled
//     64 columns (four vectors) by 4 rows, halving the passes over the other
//     operand; when its column tiles loop outside the rows (the reused
//     operand outgrows the caches), the cores split the rows;
//   - with 256-bit vectors, a matmul's 16-column tile takes 6 rows (12
//     accumulators: Zen 3's two FMA pipes keep slack where 8 left none),
//     the rows padded to whole tiles (per core where the cores split them)
//     when that adds at most 1/32;
//   - in a tiled kernel whose loads are gated along the innermost reduction
//     (a padded convolution's window), a reduction no gate depends on (the
//     input channels) moves innermost, so the gates leave the hot loop;
//   - a copy of whole lines into another order (a matmul operand's packed
//     panels) reads its source rows in order, 8 rows by a line a step
//     (line_copy_rules.h);
//   - otherwise the innermost output axis is upcast by 4 (k copies of the
//     body per iteration, which LLVM packs into vector instructions);
//   - a reduce axis that is not under a register tile is unrolled by 4;
//   - row kernels (a reduction computed outside some output loop, as a fused
//     softmax's max and sum): every reduce axis unrolled and the innermost
//     output axis upcast by up to 16, no register tile over the rows; with a
//     known vector width a reduction of a cheap element (no transcendental:
//     a max, a layernorm's sums) gets four vectors of accumulators, four
//     chains of dependent maxima or adds instead of one;
//   - the outermost output axis is split across cores (THREAD) when the
//     target runs threads and the kernel has enough work to share;
//   - on targets with workgroups (OpenCL on the host's CPU), the two
//     innermost output axes left after tiling get LOCAL parts of up to 16 and
//     8 (at most 128 work-items).
// A GPU (a target with warps) gets gpu_heuristics.h's rules instead.
// Factors that do not divide an axis are skipped, never forced with Padto,
// but for the padded tiles named above and the cores' split of an outermost
// axis that no core count divides.
#pragma once

#include "core/opt/apply_opt.h"

#include <vector>

namespace uops {

std::vector<Opt> heuristicOpts(const UOpPtr& ast, const OptTarget& target);

// At most kSmallGridItems output elements and kSmallKernelIterations
// iterations (apply_opt.h): on a driver that vectorizes across work-items the
// heuristics leave it as it is, and it is built for a quick compile.
bool isSmallKernel(const UOpPtr& ast);

// Where BEAM starts besides the bare kernel: the heuristics' choice, and, when
// it splits an axis across cores, the same without that split, so the search
// may put THREAD on another axis (it never moves one).
std::vector<std::vector<Opt>> heuristicSeeds(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
