// The passes after the front end, in order (each returns a new Program):
// type inference, allocation (after liveness), lowering of function calls to
// explicit control transfers, pop-push fusion.
#pragma once

#include "core/autobatch/program.h"

#include <vector>

namespace uops::autobatch {

// Every variable's type, to a fixed point: the inputs' types flow into the
// formals, each prim's result type comes from evaluating it on placeholder
// batches of `batch` members (the Tensor API's dtype and shape rules), call
// results from the callee's return variables. Python constants are weak: a
// variable that is only ever a constant gets tinygrad's default dtype for it,
// one that is also a tensor gets that tensor's dtype. AutobatchError for a
// variable whose type cannot be determined (never written, or only from
// itself) and for two different types of one variable.
Program inferTypes(const Program& program, const std::vector<TensorType>& inputs, int64_t batch);

// The weakest allocation proven sufficient for each variable: NULL (never
// read), TEMPORARY (read only in the block that writes it), REGISTER (live
// across blocks), FULL (live across a call of a function that writes it: it
// needs a stack). The program counter is FULL when there are calls.
Program allocate(const Program& program);

// FunctionCallOp replaced by the seed's call sequence: push the arguments to
// the formals, pop argument variables no longer used, PushGotoOp to the
// callee's entry with the return block; in the return block the results are
// assigned to the receiving variables and the callee's return variables
// popped. A call in tail position whose results are the caller's own return
// variables is a plain jump. Pops are inserted where a variable stops being
// live. The result has one graph (main first, then each function) and no
// functions.
Program lowerFunctionCalls(const Program& program);

// A pop followed by a push of the same variable in one block becomes one
// update of the top of its stack (the PrimOp's skipPush).
Program fusePopPush(const Program& program);

// Every pass in order; `stage` names where to stop ("front end", "types",
// "allocation", "lowering", "fusion"): what `uopc autobatch --stage` prints.
struct PassRecord {
  std::string stage;
  Program program;
};
std::vector<PassRecord> runPasses(const Program& frontEnd, const std::vector<TensorType>& inputs, int64_t batch);
const std::vector<std::string>& passNames();

} // namespace uops::autobatch
