// LLVM 19's reassociation regroups index sums that instcombine had turned
// into `or disjoint` (a row's base | an offset in the row) and rebuilds them
// as plain `or`s, without the flag. Scalar evolution reads only a disjoint
// `or` as an add: the address of a softmax exp loop's load became opaque to
// it, and prefetch_next_row.h no longer saw that loop walk the row.
#pragma once

#include "backends/llvm/module_pass.h"

namespace llvm {
class ScalarEvolution;
} // namespace llvm

namespace uops {

// Marks `or disjoint` each integer `or` of `f` where one operand's known
// trailing zero bits cover every value the other takes (its unsigned range by
// scalar evolution, which knows loop trip counts): then no bit is set in
// both. Returns whether any `or` was marked (scalar evolution's cached
// answers about them are then stale).
bool markDisjointOrs(llvm::Function& f, llvm::ScalarEvolution& se);

} // namespace uops
