// What a kernel AST costs beyond its loops: the copies Expand makes of each
// value (the budget the OptOps keep, apply_opt.h) and reductions a fused
// kernel computes again along loops they do not depend on (the rule Rangeify
// keeps: fusion never multiplies work).
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

// The nodes one node becomes after Instruction Selection: 1, except a
// transcendental where the target decomposes it into a polynomial with its
// range reduction (measured on the CPU target: Sin about 390 nodes, Log2 80,
// Exp2 60; tests/pipeline/test_instruction_selection checks them).
int64_t expandedWeight(Op op, bool transcendentalsDecomposed);

// The copies Expand makes of the kernel's values: a value is copied once per
// combination of the UPCAST and UNROLL ranges it depends on.
struct KernelCopies {
  int64_t most = 1;  // of any one value
  // summed over the kernel's nodes, each weighed by expandedWeight: about the
  // size of the expanded kernel after Instruction Selection
  int64_t total = 0;
};
KernelCopies copiesOf(const UOpPtr& ast, bool transcendentalsDecomposed = true);

// Each reduction that runs inside a loop it does not depend on, nested
// outside the innermost loop it does depend on, so Linearize cannot compute
// it once before that loop: it is computed again for every iteration (a
// matmul's inner product recomputed for every column of the outer product).
// One line per such reduction, naming its loops; empty when there is none.
std::vector<std::string> recomputedReductions(const UOpPtr& ast);

} // namespace uops
