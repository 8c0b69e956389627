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

// How a target's code grows from a kernel's nodes.
struct NodeWeights {
  // Exp2, Log2 and Sin become polynomials with their range reductions
  // (measured on the CPU target: Sin about 390 nodes, Log2 80, Exp2 47,
  // weighed 58, within a quarter of it, as the copy budgets were tuned at 60;
  // tests/pipeline/test_instruction_selection checks them)
  bool decomposedTranscendentals = true;
  // float16 and bfloat16 arithmetic is done in float32 around every op (LLVM
  // on CPUs without half arithmetic): about four instructions per op, and
  // LLVM takes five times as long on a half matmul tile as on a float one
  bool emulatedHalf = true;
};

// The nodes one node becomes after Instruction Selection on such a target.
int64_t expandedWeight(const UOp& u, const NodeWeights& weights);

// The copies Expand makes of the kernel's values: a value is copied once per
// combination of the UPCAST and UNROLL ranges it depends on.
struct KernelCopies {
  int64_t most = 1;  // of any one value
  // summed over the kernel's nodes, each weighed by expandedWeight: about the
  // size of the expanded kernel after Instruction Selection
  int64_t total = 0;
};
KernelCopies copiesOf(const UOpPtr& ast, const NodeWeights& weights = {});

// Each reduction that runs inside a loop it does not depend on, nested
// outside the innermost loop it does depend on, so Linearize cannot compute
// it once before that loop: it is computed again for every iteration (a
// matmul's inner product recomputed for every column of the outer product).
// One line per such reduction, naming its loops; empty when there is none.
std::vector<std::string> recomputedReductions(const UOpPtr& ast);

} // namespace uops
