// Linearize: the kernel AST as one instruction sequence, Linear(u0, u1, ...),
// with block structure: a Range opens a loop, the End that closes it (one
// range per End) ends it, and every instruction sits in the innermost loop
// whose range it depends on (so loop-invariant code is hoisted out).
//
// Steps:
//   split ends          End(x, r0, r1) -> End(End(x, r1), r0): one loop per End,
//                       in the order Optimize listed them (outermost first)
//   reduce to accumulator
//                       Reduce(v, r) becomes a REG Buffer `acc` of one element
//                       (reductions that share a range, like Expand's copies,
//                       share its loop: each initializes inside every range
//                       open at any of them):
//                         Store(Index(After(acc, <outer ranges>), 0), identity)
//                         Store(Index(After(acc, init, r), 0), acc op v), End(.., r)
//                         Load(Index(After(acc, End), 0))
//                       (After orders the three uses and ties the update to the loop)
//   merge ends          two Ends of one range become End(Group(x, y), r)
//   schedule            a priority toposort per block (linearize_schedule.cpp)
//
// The order is deterministic: ties are broken by the place of a node in
// toposort(sink), never by pointer values.
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_target.h"

#include <unordered_map>
#include <vector>

namespace uops {

UOpPtr splitEnds(const UOpPtr& sink);
UOpPtr lowerReduces(const UOpPtr& sink, const CodegenTarget& target);
UOpPtr mergeEnds(const UOpPtr& sink);
// The Linear of a sink whose Ranges each have exactly one End (one range each).
// Throws CodegenError (stage "Linearize") when ranges do not nest.
UOpPtr scheduleLinear(const UOpPtr& sink);

UOpPtr linearize(const UOpPtr& ast, const CodegenTarget& target);

// The ranges open at a node: Ranges it depends on that no End or Reduce on
// the way closes, sorted outermost first (rangeNestsOutside).
std::vector<const UOp*> openRanges(const UOp& node);
// The same for every node of root's graph (look-up only, never iterated; a
// node it lacks has none open).
using OpenRangeMap = std::unordered_map<const UOp*, std::vector<const UOp*>>;
OpenRangeMap openRangesOfAll(const UOp& root);

} // namespace uops
