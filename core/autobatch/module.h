// `from uopscope import autobatch`: the decorator, as programs use it
// (`@autobatch`, or `@autobatch(max_stack_depth=N)`). Calling a decorated
// function from top-level code builds its Program (front_end.h), runs the
// passes (passes.h) and runs the VM (vm.h) on the load's device; the
// results are ordinary tensors.
#pragma once

#include "core/autobatch/passes.h"
#include "core/autobatch/vm.h"
#include "core/program/extension_modules.h"

namespace uops::autobatch {

// One call's record: its program after each pass, its batch inputs and
// outputs, and how the VM run went.
struct AutobatchCall : program::LoadTimeDetail {
  std::string function;
  int64_t batch = 0;
  int64_t stackDepth = 0;
  std::vector<PassRecord> passes;
  std::vector<HostTensor> inputs;
  std::vector<HostTensor> outputs;
  VmStats stats;
  std::vector<Block> vmBlocks; // the blocks in VM order (stats.executions indexes them)
};

// The record of an @autobatch call among a loaded program's load-time runs, or null.
const AutobatchCall* autobatchCall(const program::LoadTimeRun& run);

// Makes the module importable in every program loaded from now on.
void installAutobatchModule();

} // namespace uops::autobatch
