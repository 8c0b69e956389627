// The index math of Rangeify: what each movement op does to the index of one
// element. A tensor op reads its source at the index its own element is at,
// moved by the op; composing these from an output back to a buffer gives the
// buffer's address as arithmetic over Range nodes.
//
// An index along one axis is an expression of dtype index and a validity
// condition: where it is false (the padding added by Pad) the element does not
// come from the source, and the index may be out of the source's bounds.
#pragma once

#include "core/ir/uop.h"

#include <vector>

namespace uops {

struct IndexExpr {
  UOpPtr idx;
  UOpPtr valid; // bool; null: always valid
};
using IndexList = std::vector<IndexExpr>;

// Conjunction and disjunction of validity conditions (null is "always").
UOpPtr andValid(const UOpPtr& a, const UOpPtr& b);
UOpPtr orValid(const UOpPtr& a, const UOpPtr& b);
// The conjunction of every axis' condition; null if all are always valid.
UOpPtr allValid(const IndexList& index);
// Null, or a condition that folded to True.
bool isAlwaysTrue(const UOpPtr& cond);

// pmSymbolic on index math built inside a stage, kept out of the trace: one
// step per movement op would bury the stage's own steps.
UOpPtr simplifyIndex(const UOpPtr& expr);
IndexList simplifyIndex(const IndexList& index);

// The index into `src` (of shape srcShape) that reading element `out` of the
// movement op `x` means. x is Reshape, Permute, Flip, Expand, Pad or Shrink.
IndexList movementIndex(const UOp& x, const Shape& srcShape, const IndexList& out);

// Reshape from `from` to `to` in row-major order: the index into `from` for index `out` into `to`.
IndexList reshapeIndex(const Shape& from, const Shape& to, const IndexList& out);

// Elementwise broadcasting (right-aligned): the index into a source of shape
// `srcShape` for index `out` into the result of shape `outShape`; broadcast
// axes read element 0.
IndexList broadcastIndex(const Shape& srcShape, const Shape& outShape, const IndexList& out);

// The row-major flat offset of `index` into `shape`.
UOpPtr flatIndex(const Shape& shape, const UOpList& index);

// The zero of dtype d: Pad's fill and a gated load's alternative.
UOpPtr zeroOf(DType d);

// Do two index lists address the same elements (validity aside)?
bool sameIndex(const IndexList& a, const IndexList& b);

} // namespace uops
