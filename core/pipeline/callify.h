// Callify, stage 1 of the lowering pipeline: the tensor graph becomes one
// stateless Function.
//
//   outputs o0, o1, ...  ->  Function(Tuple(o0', o1', ...), a0, a1, ...)
//
// Every input the graph reads becomes Param(k) in the body, with the input's
// dtype, shape and device, and is passed as argument a_k: realized Buffers and
// literal data (Bitcast(Binary), or a bare Binary, as the Tensor API builds
// them). Inputs are numbered in order of first appearance in a walk of the
// outputs, so equal graphs give equal Functions. Nested Function bodies are
// already stateless and are left alone.
#pragma once

#include "core/ir/uop.h"

#include <stdexcept>
#include <vector>

namespace uops {

// A graph Callify cannot turn into a Function (a Param outside any Function).
class CallifyError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

UOpPtr callify(const std::vector<UOpPtr>& outputs);

// Is `u` an input Callify turns into a Param?
bool isCallifyInput(const UOp& u);

} // namespace uops
