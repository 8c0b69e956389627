// x.cast(half).cast(float) -> x: a float32 value cast to half and straight back
// without being stored is not rounded, as in tinygrad (its late codegen folds
// the pair in every kernel, in the "add images" step before decompositions).
// A half stored to a buffer is rounded by the store, and a Load of it is not
// this pair. Only float32 <-> float16: bfloat16 and integer round trips keep
// their rounding and truncation.
//
// Instruction Selection applies it to every kernel. REF, which has no kernels,
// applies it to the graph it evaluates: a pair with nothing realized in between
// (a Contiguous or a realized buffer separates them) is the value itself.
#pragma once

#include "core/rewrite/pattern_matcher.h"

#include <vector>

namespace uops {

const PatternMatcher& pmHalfRoundTrip();

// The roots with every such pair folded (one rewrite over all of them).
std::vector<UOpPtr> foldHalfRoundTrips(const std::vector<UOpPtr>& roots);

} // namespace uops
