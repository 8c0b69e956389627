// Expand: UPCAST and UNROLL ranges are expanded into the kernel's shape (the
// spec's "expand the parallel ranges into shape"). This expansion is scalar:
// each such range of size k becomes k copies of what depends on it, with the
// range replaced by the constants 0..k-1 (index math folded by the symbolic
// rules):
//   End(store, ..., u)       -> End(Group(store[u=0], ..., store[u=k-1]), ...)
//   Reduce(v, ..., r)        -> Reduce(v[r=0], ...) op ... op Reduce(v[r=k-1], ...)
// so an UPCAST of an output axis keeps k accumulators in registers (register
// tiling) and an UNROLL of a reduce axis does k steps per loop iteration into
// k partial accumulators, combined once after the loop: independent chains
// that pipeline and pack into vector registers, where one accumulator would
// wait for each add in turn. (Under a GROUP_REDUCE axis the copies are
// combined inside the loop, one reduction through local memory, and a Reduce
// over the unrolled range alone is the combined value.) The
// copies are independent scalar operations that LLVM's SLP vectorizer packs
// into vector instructions; vector dtypes in the IR are not made here.
//
// TC's tiles come first: a Reduce over (k, ku) of Wmma(a, b, 0) becomes a
// Reduce over k of Index(W, mu*n + nu), W = Wmma(Stack(A), Stack(B), Stack(0))
// with the tile A = a at every (mu, ku) and B = b at every (ku, nu), row-major.
// The UPCAST copies of (mu, nu) then read their elements of the one W.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// The ranges Expand expands, in nesting order.
UOpList expandedRanges(const UOpPtr& ast);

UOpPtr expand(const UOpPtr& ast);

} // namespace uops
