// The value a reduction starts from, as the reference evaluator defines it:
// 0 for Add, 1 for Mul, the least value of the dtype for Max (-inf for
// floats); for bool, Add and Max are Or (False) and Mul is And (True).
#pragma once

#include "core/ir/uop.h"

namespace uops {

UOpPtr reduceIdentity(Op op, DType d);

} // namespace uops
