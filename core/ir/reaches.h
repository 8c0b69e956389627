// Whether one node lies under another: a factor reads a range, a load depends
// on an axis.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// Whether `target` is `root` or one of the nodes below it.
bool reaches(const UOp& root, const UOp& target);

} // namespace uops
