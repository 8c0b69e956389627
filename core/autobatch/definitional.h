// The definitional interpreter, the VM's oracle: runs a typed Program before
// lowering one batch member at a time, with call by value (a call runs the
// callee's graph in a fresh environment on the host's stack), each prim
// evaluated by the reference evaluator on that member's values. Slow and
// obviously right: the tests compare the batched VM against it.
#pragma once

#include "core/autobatch/program.h"
#include "core/runtime/host_tensor.h"

#include <vector>

namespace uops::autobatch {

// `inputs` as the VM takes them ([batch, ...] per vars_in); the outputs the
// same way. With `callDepth`, per member the deepest nesting of calls it
// reached (0: the entry function called nothing; tail calls count too).
std::vector<HostTensor> interpretUnbatched(const Program& typed, const std::vector<HostTensor>& inputs,
                                          std::vector<int64_t>* callDepth = nullptr);

} // namespace uops::autobatch
