// Vector loads and stores, found in a Linear for the renderers. Expand leaves
// an UPCAST's lanes as scalar loads and stores of consecutive elements;
// PoCL (and GPU drivers) vectorize across work-items, where a work-item's four
// scalar accesses four elements apart become strided gathers and scatters.
// Found here, the OpenCL renderer writes them as one vloadN / vstoreN of the
// consecutive elements: gelu over 16M floats on PoCL went from 87 to 62 ms
// with the stores alone (the same kernel text otherwise, timed by one host
// program).
//
// A group: accesses of one kind to one Param whose indices are the same sum
// of terms plus the constants k, k+1, ..., k+N-1 (core/symbolic/linear_form.h),
// N in 2, 4, 8, 16, of a dtype that is its own memory type (not bool, half,
// bfloat16; for the tiles half too, which explicit vector ops convert as a
// whole vector), between no loop boundary or barrier, with nothing else touching
// that Param in between. A load group is read where its first load is, a
// store group written where its last store is (every lane's value exists by
// then), both at that member's own index minus its lane number. Stores are
// never gated, but for the tiles (VectorAccess::Tiles): there a group's
// stores may each have a gate (a padded axis'), written as one vector where
// they share one, else as one masked store of the lanes whose gate holds.
//
// Gated loads (a padded convolution's row: each lane its own bounds check)
// group too, read as one access that touches only the lanes whose gate holds
// (OpenCL C: one vloadN where every gate holds, else lane by lane; LLVM: a
// masked load); the others take their alternative. Lanes read the group's
// start plus their lane number, so only their gates and alternatives must
// exist where the group is read; those computed after the first load (pure
// arithmetic of the same straight-line segment) move before it, in Linear
// order: renderers visit the Linear's nodes in the plan's `order`. A 3x3 convolution's rows of eight padded loads:
// 127 -> 64 ms on PoCL, 115 -> 76 ms on the CPU.
//
// Loads of every other element (constants k, k+2, ..., k+2(N-1), N in 4, 8,
// 16: a stride-2 convolution's input row) group too where the renderer asks
// (StridedLoads::EveryOther): read as one masked access of 2N elements that
// touches only the even ones, then the even lanes picked by one shuffle. The
// CPU's renderer asks: LLVM's SLP vectorizer builds such lanes one insert at
// a time.
#pragma once

#include "core/ir/uop.h"

#include <unordered_map>
#include <vector>

namespace uops {

struct VectorGroup {
  std::vector<const UOp*> lanes; // Loads or Stores, lane order (index k, k+1, ...)
  const UOp* emitAt = nullptr;   // the member whose place in the Linear renders the group
  size_t emitLane = 0;           // its lane: the group starts emitLane elements before its index
  bool gated = false;            // some lane has a gate (loads only)
  int64_t stride = 1;            // lane k reads element start + stride * k (2: every other element, loads only)
};

struct VectorPlan {
  std::vector<VectorGroup> groups;
  std::unordered_map<const UOp*, size_t> groupOf; // member -> groups index
  // Every node of the Linear, in the order to render them: the Linear's, but
  // for what gated groups need before their first load.
  std::vector<const UOp*> order;

  const VectorGroup* of(const UOp& u) const {
    auto it = groupOf.find(&u);
    return it == groupOf.end() ? nullptr : &groups[it->second];
  }
};

// Which accesses to group: all of them, or only gated loads (for kernels
// where vectors do not pay otherwise, vectorAccessFor). Tiles: all, and an
// access between the lanes that provably touches other elements (a register
// tile's next row, interleaved with this one) does not keep them apart
// (explicit vector ops, vector_ops.h).
enum class VectorAccess { GatedLoads, All, Tiles };

// Whether loads of every other element group too (gated or not).
enum class StridedLoads { No, EveryOther };

// `maxBytes`: the widest group of consecutive elements (0: 16 lanes).
VectorPlan planVectorAccess(const UOpPtr& linear, VectorAccess which, StridedLoads strided = StridedLoads::No,
                            int64_t maxBytes = 0);

namespace opencl {

// Which vector accesses pay in a kernel (its AST after Optimize). PoCL
// vectorizes a kernel across its work-items, and a body holding vector types
// is left scalar; that loses more than the vectors gain in a register-tiled
// kernel (UPCAST ranges of two or more axes: matmuls, convolutions), whose
// inner products the work-item vectorizer handles well: on CL:0 gemm 1024
// went 20 -> 26 ms, a 3x3 convolution 70 -> 113 ms with them, while gelu
// (98 -> 55 ms), softmax rows (79 -> 73), layernorm (6.1 -> 4.8) and a 16M
// sum (1.9 -> 1.5) gained. Gated loads group in every kernel (above).
VectorAccess vectorAccessFor(const UOpPtr& kernelAst);

} // namespace opencl


} // namespace uops
