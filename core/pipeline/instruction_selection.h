// Instruction Selection: the kernel AST in the ops the target renders.
//
// Steps, each a named graphRewrite:
//   half round trip  x.cast(half).cast(float) -> x: a float32 that goes to half
//                    and back without leaving the kernel is not rounded
//                    (half_round_trip.h; before decompositions, whose pairs stay)
//   decompositions   the spec's decomposed elementwise ops as primitives
//                    (Sub -> Add(a, Mul(b, -1)), CmpGe -> CmpNe(CmpLt(a, b), 1), ...);
//                    Exp2/Log2/Sin as polynomial graphs (transcendental.h) unless
//                    the target calls intrinsics; Sqrt stays where it is native;
//                    Threefry as 32-bit add-rotate-xor rounds
//   bool ops         arithmetic on bools as logic: Add -> Or, Mul -> And, Max -> Or
//                    (the evaluator's law: bools wrap to value != 0)
//   indexing         symbolic index math, every Index offset in dtypes.index (one
//                    pointer-sized integer: the address is pointer + idx), gates
//                    that min_max decides removed
#pragma once

#include "core/pipeline/transcendental.h"
#include "core/render/codegen_target.h"
#include "core/rewrite/pattern_matcher.h"

namespace uops {

const PatternMatcher& pmDecompositions();
const PatternMatcher& pmSqrtDecomposition();
// Exp2, Log2 and Sin decomposed, with the machine instructions `with` names
// (transcendental.h).
const PatternMatcher& pmTranscendentals(DecomposeWith with = {});
const PatternMatcher& pmBoolOps();
const PatternMatcher& pmIndexing();

// Threefry-2x32-20 (core/runtime/threefry.h) on uint64 counter and key, as
// primitive ops on uint32 halves.
UOpPtr decomposeThreefry(const UOpPtr& counter, const UOpPtr& key);

UOpPtr selectInstructions(const UOpPtr& ast, const CodegenTarget& target);

} // namespace uops
