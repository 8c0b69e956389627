// The float Mul/Add pairs of a kernel that may fuse into one FMA, for every
// renderer: a reduction's accumulator update acc + a * b (acc a one-element
// REG buffer's load, the product used only there), in float32 or float64.
// Only there: decomposed transcendentals keep the evaluator's roundings bit
// for bit. The LLVM renderer marks both `contract`; the OpenCL renderer
// writes them as one expression, which OpenCL C may contract.
#pragma once

#include "core/ir/uop.h"

#include <unordered_set>

namespace uops {

std::unordered_set<const UOp*> contractible(const UOpPtr& linear);

} // namespace uops
