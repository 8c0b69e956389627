// x.cast(half).cast(float) -> x: a float32 value cast to half and straight back
// without being stored is not rounded, as in tinygrad (its late codegen folds
// the pair in every kernel, in the "add images" step before decompositions).
// A half stored to a buffer is rounded by the store, and a Load of it is not
// this pair. Only float32 <-> float16: bfloat16 and integer round trips keep
// their rounding and truncation. The rule set carries symbolic's cast rules
// (pmSymbolicCast): a cast through a wider type is one cast first, so
// float32 -> float64 -> half -> float64 -> float32 is the value too. The cast
// back also goes through a Where over the half (a padded read: tinygrad gates
// the load, so its pair stays adjacent) and, in a tensor graph, through
// movement ops (a kernel's index math).
//
// Instruction Selection applies it to every kernel. REF, which has no kernels,
// applies it to the graph it evaluates: a pair with nothing realized in between
// (a Contiguous, a realized buffer or another output separates them) is the
// value itself.
#pragma once

#include "core/rewrite/pattern_matcher.h"

#include <vector>

namespace uops {

const PatternMatcher& pmHalfRoundTrip();

// The roots with every such pair folded (one rewrite over all of them). The
// roots are realized outputs: a pair through another root keeps its rounding.
std::vector<UOpPtr> foldHalfRoundTrips(const std::vector<UOpPtr>& roots);

// u is x.cast(half) of a float32 x, under movement ops and Wheres that select
// it. Rangeify never recomputes a result buffer (a tensor the program
// realized) holding such a value in its readers: a reader reads the rounded
// half, as tinygrad reads a realized buffer, where a recomputed pair would
// fold and lose the rounding.
bool isHalfOfFloat(const UOp& u);

} // namespace uops
