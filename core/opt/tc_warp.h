// TC on a target whose matrix instruction spreads the tile over a warp
// (warp_fragment.h). After TC split the tile's axes (rows mu and columns nu
// UPCAST, the reduce part ku UNROLL, each of the tile's size), the tile's
// m x n outputs are spread over a WARP axis of 32 lanes and an UPCAST axis e
// over the lane's fragment of C:
//   mu -> row of C(lane, e), nu -> column of C(lane, e) in the kernel's stores
//   Reduce(a*b, k, ku) -> Reduce(Index(W, e), k)
//   W = Wmma(Stack(A fragment), Stack(B fragment), Stack(0...))
// where element j of the lane's A fragment is a at (mu, ku) = place of A(lane,
// j), and of B, b at (ku, nu) = place of B(lane, j). Expand then copies the
// stores per e; every copy reads the one W.
#pragma once

#include "core/ir/graph_walk.h"
#include "core/ir/tensor_core.h"
#include "core/ir/uop.h"

#include <unordered_map>

namespace uops {

// The tile's ranges and factors in the kernel TC split.
struct WarpTileParts {
  const UOp* reduce = nullptr; // Reduce(product, ..., ku)
  UOpPtr a, b;                 // the factors, of the tensor core's input dtype
  const UOp *mu = nullptr, *nu = nullptr, *ku = nullptr;
};

// What the kernel's rebuild replaces: nodes (the Reduce, mu and nu), and in
// the range lists of Ends, mu by (lane, e) and nu by nothing.
struct WarpTileRewrite {
  NodeSubst subst;
  std::unordered_map<const UOp*, UOpList> rangeLists;
};

// `nextRange` is the first free range id (the lane's; e's is the next).
WarpTileRewrite warpTile(const WarpTileParts& parts, const TensorCore& tc, int64_t nextRange);

} // namespace uops
