// GROUP_REDUCE through local memory (GPU targets, after Expand).
//
// A Reduce over REDUCE ranges R and GROUP_REDUCE ranges G runs in two phases:
// every work-item of the workgroup reduces its share over R, the work-items of
// one output element (the G ranges, launched as local ids) meet in a LOCAL
// buffer, and after a Barrier each reads the whole group back:
//
//   Reduce(v, R..., G...) ->
//     part  = Reduce(v, R...)                       (v itself when R is empty)
//     done  = End(Store(Index(After(tmp, Barrier(part)), l*|G| + g), part), G...)
//     Reduce(Load(Index(After(tmp, Barrier(done)), l*|G| + r')), r')
//
// where tmp is a LOCAL Buffer of |L|*|G| elements (L: the kernel's other
// workgroup ranges, its LOCAL ranges and the GROUP_REDUCE ranges of other
// reductions; l their flat index, so work-items never share a slot), g the flat
// index of the G ranges and r' a fresh REDUCE range of |G| elements. The
// first Barrier keeps a write from overtaking the reads of the slot in the
// previous iteration of an enclosing loop.
// Every work-item computes the group's result; grid_specials.h gates the
// kernel's global stores so one work-item of the group writes it.
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_target.h"

namespace uops {

UOpPtr lowerGroupReduces(const UOpPtr& sink, const CodegenTarget& target);

} // namespace uops
