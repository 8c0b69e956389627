// Symbolic simplification: algebra on index math, driven by min_max.
//
// pmSymbolic() is the union of the sets below, in this order (the first rule
// that matches a node wins, so cheaper and more decisive rules come first):
//   pmSymbolicFold    constants and nodes whose min_max is one value
//   pmSymbolicAdd     x+0, reassociation, like terms, canonical sums
//   pmSymbolicMul     x*1, x*0, constants outward
//   pmSymbolicDivMod  div and mod by constants and by known ranges
//   pmSymbolicCmp     comparisons decided or reduced by intervals
//   pmSymbolicSelect  Where and Max
//   pmSymbolicBitwise And, Or, Xor, shifts
//   pmSymbolicCast    casts that change nothing
//   pmSymbolicOrder   a deterministic order for commutative operands
// Integer rules hold under the dtype's wrapping arithmetic: ring identities
// (reassociation, like terms) always do; division and comparison rules check
// with exact intervals that nothing wraps. Float rules are limited to folding
// and identities IEEE keeps. Rules that replace a node by a constant or by one
// of its sources only fire when the shape stays the same.
#pragma once

#include "core/rewrite/graph_rewrite.h"

namespace uops {

const PatternMatcher& pmSymbolicFold();
const PatternMatcher& pmSymbolicAdd();
const PatternMatcher& pmSymbolicMul();
const PatternMatcher& pmSymbolicDivMod();
const PatternMatcher& pmSymbolicCmp();
const PatternMatcher& pmSymbolicSelect();
const PatternMatcher& pmSymbolicBitwise();
const PatternMatcher& pmSymbolicCast();
const PatternMatcher& pmSymbolicOrder();
const PatternMatcher& pmSymbolic();

// graphRewrite(root, pmSymbolic()).
UOpPtr simplify(const UOpPtr& root,
                std::source_location location = std::source_location::current());

} // namespace uops
