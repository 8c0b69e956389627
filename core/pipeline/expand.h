// Expand: UPCAST and UNROLL ranges become vector shapes (the spec's "expand the
// parallel ranges into shape"). Without OptOps no kernel has such ranges, so
// the stage passes the kernel through; a kernel that has them is refused until
// vector expansion lands with OptOps.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// The ranges Expand turns into vector axes, in nesting order.
UOpList expandedRanges(const UOpPtr& ast);

UOpPtr expand(const UOpPtr& ast);

} // namespace uops
