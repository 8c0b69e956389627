// A block's run of computing prims as one tensor graph: each variable the run
// reads first is a placeholder Buffer of [batch, ...its type], each prim's
// result is cast and broadcast to its output variable's type, and a later prim
// reads an earlier one's result. Both ways of running a program compile these
// through the pipeline: the batched VM (vm.h) as kernels over the batch, the
// member kernel (member_kernel.h) as scalar code inside its own.
#pragma once

#include "core/autobatch/program.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace uops::autobatch {

struct GroupRoots {
  struct Input {
    std::string var;
    int64_t bufferId = 0; // the placeholder Buffer's id
  };
  std::vector<Input> inputs;
  std::vector<UOpPtr> roots;        // per prim
  std::vector<std::string> outputs; // per prim: the variable it writes
  std::vector<char> push;           // per prim: push before writing (else update the top)
};

// `prims` are indices into block.instructions, each a computing PrimOp.
// Throws AutobatchError (at the prim) for a prim the Tensor API refuses and for
// a variable without a type.
GroupRoots groupRoots(const Program& program, const Block& block, std::span<const size_t> prims, int64_t batch);

// The computing prims of `block` from instruction `first` on, up to the first
// instruction that is not one: what one GroupRoots compiles.
std::vector<size_t> computingRun(const Block& block, size_t first);

// [batch, ...shape of t].
Shape batchShape(const TensorType& t, int64_t batch);

} // namespace uops::autobatch
