// Buffer versions replaced by their values: what a schedule runs when the
// versions it reads were computed before (by an earlier schedule on a device,
// or by the reference evaluator). Shared by the loader's Realizer and the
// schedule-by-schedule runs of a loaded program.
#pragma once

#include "core/runtime/host_tensor.h"
#include "core/tensor/tensor.h"

#include <functional>

namespace uops::program {

// The value of a version node, or null for a node that is not a version with
// a known value.
using VersionValueOf = std::function<const HostTensor*(const UOp*)>;

// `graph` with each node outside Function and Call bodies that `valueOf`
// knows replaced by its value as literal data (a Buffer leaf by its elements
// flat; a version on a device tuple placed there again the same way: sharded
// on its axis or replicated).
Tensor withVersionData(const Tensor& graph, const VersionValueOf& valueOf);

} // namespace uops::program
