// Whether one node lies under another: a factor reads a range, a load depends
// on an axis.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// Whether `target` is `root` or one of the nodes below it.
bool reaches(const UOp& root, const UOp& target);

// Whether an Exp2, Log2 or Sin (isTranscendental) is `root` or below it.
bool reachesTranscendental(const UOp& root);

} // namespace uops
