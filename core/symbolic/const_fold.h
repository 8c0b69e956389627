// Constant folding: the value of a primitive ALU op on constants, exactly as
// the IR defines it.
//
// Integers: computed exactly, then wrapped to the result dtype's width; Idiv
// and Mod truncate toward zero (C), Shr is arithmetic on signed dtypes.
// Floats: operands rounded to their dtype, computed in double (exact enough to
// round once: 53 >= 2p+2 bits for every narrower format), rounded to the
// result dtype. Comparisons follow IEEE (NaN compares unequal and not less).
// Undefined cases do not fold: division or modulo by zero, shifts by negative
// or too-large amounts, float-to-int casts of NaN or out-of-range values.
#pragma once

#include "core/ir/uop.h"

#include <optional>

namespace uops {

// The Const that `u` evaluates to when all its sources are Consts; null if
// `u` is not a foldable scalar ALU op or the case is undefined.
UOpPtr foldConstants(const UOp& u);

} // namespace uops
