// The reference side of the schedule: runs a schedule's copies and kernels on
// the host by interpreting each kernel AST directly (the seed of the INTERP
// device). Loops run over the Range bounds in order, a Reduce accumulates over
// its ranges in order in its dtype's arithmetic, a gated Load gives its
// alternative where the gate is false, a Store writes into a host buffer.
// Element laws are the reference evaluator's (core/runtime/scalar_ops.h), so
// a compiled form can be checked against ReferenceEvaluator on the original
// tensor graph.
//
// A read outside a buffer, or from a buffer nothing wrote and no one
// provided, throws KernelError: a lowering bug shows up as an error, not as
// garbage.
#pragma once

#include "core/runtime/host_tensor.h"

#include <map>
#include <stdexcept>
#include <vector>

namespace uops {

class KernelError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Host memory of a schedule's buffers, by Buffer id.
using BufferValues = std::map<int64_t, HostTensor>;

// Runs every item of `schedule` (a Linear as Rangeify makes it) and returns
// the results, shaped as the schedule's final Tuple says. `inputs` holds the
// contents of the input Buffers (flat, the Buffer's dtype and size); the
// buffers the schedule writes are added to it.
std::vector<HostTensor> evaluateSchedule(const UOpPtr& schedule, BufferValues& inputs);
std::vector<HostTensor> evaluateSchedule(const UOpPtr& schedule);

// One launch: Call(Sink(ast), buf0, buf1, ...) on `buffers`.
void runKernel(const UOp& call, BufferValues& buffers);

} // namespace uops
