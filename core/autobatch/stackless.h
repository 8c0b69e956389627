// The stackless interpreter, the VM's second oracle: runs a typed Program
// before lowering on the whole batch at once, as the VM does (each step the
// lowest block any member of the call is at, masked to the members there),
// but a call is a call of the host: the callee runs on the calling members
// in a fresh environment and returns, so no variable needs a stack and no
// program counter is pushed. It checks the batching (masks, divergence,
// reconvergence) apart from the lowering and the stacks.
#pragma once

#include "core/autobatch/program.h"
#include "core/runtime/host_tensor.h"

#include <vector>

namespace uops::autobatch {

// `inputs` as the VM takes them ([batch, ...] per vars_in); the outputs the
// same way. AutobatchError for recursion deeper than `maxDepth` calls.
std::vector<HostTensor> interpretStackless(const Program& typed, const std::vector<HostTensor>& inputs,
                                           int maxDepth = 10000);

} // namespace uops::autobatch
