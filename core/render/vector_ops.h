// Explicit vector arithmetic, found in a Linear for the LLVM renderer. Expand
// leaves a register tile's lanes as scalar ops; LLVM's SLP vectorizer packs
// them again, and in a tile larger than 16 accumulators it gathers and
// spills (a matmul's 8 x 32 tile). Found here, the renderer writes the tile
// as it is meant: `<16 x float>` loads, splats of the reused scalar, vector
// multiply-adds, `<16 x float>` stores.
//
// Trees grow from the seeds down: a group of stores to consecutive elements
// of a Param (vector_access.h), or a store to each of a group of
// accumulators. Where those leave accumulators scalar, a second plan seeds
// first from the accumulators' updates: lane k of a group of consecutive
// loads times one scalar, added into accumulator k (a convolution tiled over
// output channels, whose output stores are not consecutive along them: the
// sums are read out lane by lane after their loop), or lane k alone flowing
// through vector-computable ops into accumulator k's Add or Max (a row's
// sum, max, or sum of squares unrolled; softmax's exp sum, whose
// exponentials the lanes also keep in consecutive elements of a REG row:
// one vector store there); it is kept where it makes more accumulators
// vectors. A commutative op's lanes may hold their operands
// either way round. A tree's lanes at each step are
//   - one node for every lane: a splat of it;
//   - the loads of a group of consecutive, ungated elements (vector_access.h);
//   - loads of one-element REG buffers (accumulators), all distinct: they
//     become one vector alloca, lane k element k, so scalar
//     accesses to them stay valid;
//   - the same float Add, Mul or Max (float32, float64), or another op of
//     vectorElementwise (below), in every lane, none of them in another tree,
//     their operands trees again.
// Where the machine converts whole vectors of float16 (`halfVectors`: x86's
// F16C, CodegenTarget::halfInstructions), float16 lanes are trees too: held
// as `<N x float>` like a scalar float16 in a float register, loaded and
// stored as `<N x half>`, each Add and Mul rounded to float16 as the scalar
// op is, a Cast between float32 and float16 a rounding or nothing (a 512
// half matmul's AVX2 tile: 256 -> 35 cycles per step of K on znver3, llvm-mca;
// the scalar lanes converted one by one and spilled).
// A tree whose lanes are none of these is left scalar; but a store group
// whose values are lane j of each of its own group of consecutive loads of
// one width (a copy into transposed order: a vector of channels, each lane
// from its channel's row of columns) stores a vector of those lanes
// (kLanes): the renderer builds it from the loads' vectors with shuffles,
// the whole tile's columns at once (render_llvm_lane_shuffle.cpp). The
// ungated load groups become vector loads whose lanes only such stores read.
//
// Each vector op is written where one of its lanes is in the Linear: a load
// at its first lane, arithmetic and stores at their last. A tree is all or
// nothing: an op a scalar op reads (a splat's too), or an
// accumulator group a scalar op touches or that is written or read between
// its lanes, is dropped with the ops it reads and that read it, until what is
// left is consistent (a depthwise convolution's partly vectorized row moved
// lanes in and out of vectors: 146 shuffles).
//
// After their loop a tree of Max ops whose leaves are every lane of whole
// accumulator groups of one width (a power of two), and whose inner nodes
// only the tree reads, is one Fold: the groups' vectors maxed lane by lane,
// then halved until one lane is left, the tree's root (softmax's max of 64
// partial maxima: 63 scalar maxima of about five instructions each, now
// three vector maxima and a halving of 16 lanes). The larger of two values is
// the same whichever pairs come first (a NaN anywhere is a NaN, +0 beats -0),
// so the result is the scalar tree's; a sum's order would round differently,
// and its read-out stays scalar.
#pragma once

#include "core/ir/uop.h"
#include "core/render/memory_plan.h"
#include "core/render/vector_access.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace uops {

// ParamLoad, ParamStore: consecutive elements through the first lane's Index
// (a Param's group, vector_access.h; a store also a row a reduction keeps
// aside in a REG buffer); RegLoad, RegStore: an accumulator group's vector.
// Fold: a Max tree over accumulator groups (above), its root lanes[0].
enum class VectorOpKind : unsigned char { ParamLoad, RegLoad, Alu, ParamStore, RegStore, Fold };

struct VectorOp {
  VectorOpKind kind = VectorOpKind::Alu;
  std::vector<const UOp*> lanes;
  const UOp* emitAt = nullptr; // the lane whose place in the Linear renders the op
  size_t emitLane = 0;         // a Param access starts emitLane elements before emitAt's index
  int regGroup = -1;           // RegLoad, RegStore: the accumulator group (VectorOpPlan::regGroups)
  // Alu: per source; a store: its value. A VectorOp index, kSplat: the
  // first lane's source, the same node in every lane, or (a store's) kLanes:
  // each lane's value a lane of a load group's vector (above).
  std::vector<int> operands;
  std::vector<int> folded; // Fold: the accumulator groups the tree reads, in the order of regGroups
};

inline constexpr int kSplat = -1;
inline constexpr int kLanes = -2;

struct VectorOpPlan {
  std::vector<VectorOp> ops; // in no particular order; the renderer writes each at its emitAt
  std::unordered_map<const UOp*, int> opOf; // lane -> ops index
  // Accumulator groups: the REG buffers of each, lane order, each by its index
  // in KernelMemoryPlan::registers (its own: where the memory plan lets
  // buffers of disjoint lifetimes share a slot, a buffer outside the group
  // would move single lanes in and out of the group's vector).
  // Accumulator -> (group, lane).
  std::vector<std::vector<int>> regGroups;
  std::unordered_map<int, std::pair<int, int>> accumulatorLane;
  // Index nodes only vector ops' lanes read, none to address the op: not rendered
  std::unordered_set<const UOp*> unusedIndices;

  const VectorOp* at(const UOp& u) const {
    auto it = opOf.find(&u);
    return it == opOf.end() ? nullptr : &ops[static_cast<size_t>(it->second)];
  }
};

// `order`: the nodes in the order the renderer writes them (VectorPlan::order);
// `contract`: the Muls and Adds that may fuse (contractible.h): a vector op's
// lanes all may or all may not. `halfVectors`: float16 lanes too (above).
// `maxBytes`: the widest vector (0: 16 lanes; planVectorAccess).
VectorOpPlan planVectorOps(const UOpPtr& linear, const std::vector<const UOp*>& order,
                           const std::unordered_set<const UOp*>& contract,
                           const KernelMemoryPlan& memory, bool halfVectors, int64_t maxBytes = 0);

// The elementwise ops a vector op computes beyond a float Add, Mul and Max,
// each lane exactly as its scalar op: on bools, the fixed-width integers,
// float32 and float64 (not the index type of address math, nor float16 and
// bfloat16, whose scalar ops round), an Add, Mul or Max (not of bools), a
// comparison, a Where, bitwise logic (not of floats), a shift (of integers),
// a Recip, Trunc, Sqrt, Fma, Ldexp or FracNearest (of floats), a Bitcast between equal widths, a
// Cast. Integer division stays scalar.
bool vectorElementwise(const UOp& u);
// A Cast between float32 and float16 (vector ops with halfVectors).
bool isHalfCast(const UOp& u);

// Whether a kernel gets explicit vectors, and how wide.
struct ExplicitVectors {
  bool on = false;
  int64_t maxBytes = 0; // the widest vector, 0: 16 lanes
};

// The explicit vectors of a kernel (its AST after Optimize) on a machine whose
// widest vector register has `vectorBits` (0: unknown). A register tile,
// UPCAST ranges of two or more axes (a matmul, a convolution), gets rows of
// up to 16 lanes. An elementwise kernel's UPCAST (no reduction) gets vectors
// of the register's width: LLVM's SLP vectorizer packed gelu's 16 copies as
// vectors of 8, 4 and 2 and two scalar lanes, twice the time of whole vectors
// (1M floats, 2 Zen 3 cores), and split from 16-lane vectors the copies of
// its long chain interleaved worse (147 against 122 cycles per 64 floats on
// znver3, llvm-mca). So does a reduction unrolled into partial accumulators
// (an UNROLL range, at most one UPCAST): LLVM packed a row's 64 maxima as
// three 16-lane vectors, one of 8, one of 4, one of 2 and scalars: the max
// of 256 rows of 4096 floats 0.087 ms on 2 Sapphire Rapids cores, as four
// 16-lane vectors 0.049.
ExplicitVectors explicitVectorsFor(const UOpPtr& kernelAst, int vectorBits);

} // namespace uops
