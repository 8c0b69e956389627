// Rangeify, stage 2 of the lowering pipeline: the Function from Callify
// becomes a schedule of kernels, every value broken down to shape ().
//
//   Function(Tuple(o...), a...)  ->  Linear(item..., Tuple(Reshape(Buffer, shape)...))
//
// Items are copies of literal data into buffers, Store(Buffer, Load(data,
// LoadArg{device})), and kernel launches, Call(Sink(kernel AST), buf0, ...),
// in an order that runs every item after the ones it reads from. Kernel ASTs
// have the form core/pipeline/README.md states. The steps (see rangeify.cpp)
// are named graphRewrites and snapshots, so a trace shows each of them.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// `rowFusion`: reductions broadcast only along loops inside the ones they
// depend on are computed in their consumers' kernels (rangeify_ranges.cpp),
// once per row where output loops run in order (CPU, interpreter). Off for
// GPUs, whose output loops run in parallel: each work-item would compute its
// row's reductions again.
UOpPtr rangeify(const UOpPtr& function, bool rowFusion = true);

} // namespace uops
