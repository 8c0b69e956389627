// `from uopscope import autobatch`: the decorator, as programs use it
// (`@autobatch`, or `@autobatch(max_stack_depth=N)`). Calling a decorated
// function from top-level code builds its Program (front_end.h), runs the
// passes (passes.h) and runs the VM (vm.h) on the load's device; the
// results are ordinary tensors.
#pragma once

namespace uops::autobatch {

// Makes the module importable in every program loaded from now on.
void installAutobatchModule();

} // namespace uops::autobatch
