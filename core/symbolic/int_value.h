// Exact integer values of constants, in 128 bits, and wrapping to a dtype.
//
// Every integer dtype's values fit in __int128 (uint64 too), so folding and
// interval checks compute exactly and then wrap once, the way the dtype's
// two's-complement hardware would. index wraps like int64 (its rendered type).
#pragma once

#include "core/ir/uop.h"

#include <optional>

namespace uops {

using Int128 = __int128;

// The integer (or bool) value of a Const, read as its dtype says; nullopt for
// non-constants and float constants.
std::optional<Int128> intValue(const UOp& u);
// v reduced to `d`'s width: two's complement for signed, modulo for unsigned,
// v != 0 for bool.
Int128 wrapInt(const DType& d, Int128 v);
// Does v fit in d without wrapping?
bool fitsInt(const DType& d, Int128 v);
// The ConstValue that holds v (already in range) for dtype d.
ConstValue intConstValue(const DType& d, Int128 v);
// Is `u` exactly the Const that intConst(d, v) builds?
bool isIntConst(const UOp& u, const DType& d, Int128 v);
// A scalar Const of d's scalar type holding wrapInt(d, v).
UOpPtr intConst(const DType& d, Int128 v);

} // namespace uops
