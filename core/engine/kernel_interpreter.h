// The reference side of the schedule: runs a schedule's copies and kernels on
// the host by interpreting each kernel AST directly (the seed of the INTERP
// device). Loops run over the Range bounds in order, a Reduce accumulates over
// its ranges in order in its dtype's arithmetic, a gated Load gives its
// alternative where the gate is false, a Store writes into a host buffer.
// Element laws are the reference evaluator's (core/runtime/scalar_ops.h), so
// a compiled form can be checked against ReferenceEvaluator on the original
// tensor graph.
//
// A Wmma whose tile a warp holds (TC on a GPU, warp_fragment.h) runs as the
// warp's instruction does: each work-item's result elements are computed
// from the fragments the other work-items of its warp hold.
//
// A read outside a buffer, or from a buffer nothing wrote and no one
// provided, throws KernelError: a lowering bug shows up as an error, not as
// garbage.
#pragma once

#include "core/engine/schedule_executor.h"

#include <span>
#include <vector>

namespace uops {

// Runs every item of `schedule` (a Linear as Rangeify makes it) with each
// kernel interpreted; see executeSchedule for `buffers`.
std::vector<HostTensor> evaluateSchedule(const UOpPtr& schedule, BufferValues& buffers);
std::vector<HostTensor> evaluateSchedule(const UOpPtr& schedule);

// One launch: Call(Sink(ast), buf0, buf1, ...) with params[k] bound to slot k.
void runKernel(const UOp& call, std::span<HostTensor*> params);
// The same for the kernel AST (the Call's Sink) alone.
void runKernel(const UOpPtr& kernelAst, std::span<HostTensor*> params);

} // namespace uops
