// Operand tiles staged in local (shared) memory: the last step of Optimize on
// a GPU target (one with warps and workgroups, usesGpuHeuristics), the spec's
// "insert local buffers" for a matmul's operands.
//
// A Reduce whose operands a workgroup shares (a load that does not depend on
// some LOCAL range: a matmul's A row across the columns, B column across the
// rows) is split into an outer loop over K-tiles and an inner loop within
// one, and each shared operand is read from a LOCAL buffer holding the
// workgroup's tile for the current K-tile:
//
//   Reduce(f(Load(A[idx(L, U, k)]), ...), k, u...)   k = ko*depth + ki ->
//     free  = After(tile, Barrier(ko))                the previous K-tile's reads are done
//     done  = End(Store(Index(free, e), Load(A[idx(L, U, k) at the element e])), c, v)
//     ready = After(tile, Barrier(done))
//     Reduce(f(Load(Index(ready, flat(L, U, ki, u)))), ko, ki, u...)
//
// The tile is every element the workgroup reads in one K-tile: the operand's
// index over the LOCAL, UPCAST, inner-K and UNROLL ranges it depends on (a
// batch's GLOBAL index and ko fixed), laid out with the range it reads
// consecutively along innermost. The work-items copy it together: work-item t
// (its LOCAL ranges' flat index, lidx0 fastest) copies elements
// e = (c*P + t)*V + v, c < copies (an UPCAST range: unrolled), v < V (an
// UPCAST range: one vector load where the operand is contiguous), so a warp's
// neighbours read neighbouring addresses. A gated operand load (padding) keeps
// its gate in the copy.
//
// Made only where it pays and fits, else the kernel is left as it was with a
// remark saying why: no workgroup or one with GROUP_REDUCE or WARP ranges, no
// operand shared across the workgroup, a tile that does not divide among the
// work-items, a K-tile shallower than kMinTileDepth, or tiles over half the
// target's sharedMemoryBytes (two workgroups per multiprocessor at least).
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_target.h"

namespace uops {

// Elements of the reduction one K-tile covers, at most (the inner loop times
// the UNROLL ranges), and at least for a tile to pay for its two barriers.
inline constexpr int64_t kTileDepth = 16;
inline constexpr int64_t kMinTileDepth = 4;

// Whether `target` stages operand tiles (a GPU: warps, workgroups, and no
// work-item vectorizer, the GPU heuristics' targets).
bool stagesOperandTiles(const CodegenTarget& target);

// The kernel AST after OptOps with its shared operands staged; `ast` itself
// when no Reduce qualifies (remarks say why).
UOpPtr stageOperandTiles(const UOpPtr& ast, const CodegenTarget& target);

} // namespace uops
