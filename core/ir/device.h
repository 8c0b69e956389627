// The device derived property: where a UOp's value lives.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// Buffer and Param: from arg; Load (the spec's Copy): its target device when
// given; Const, Range: none; Function and Call: their first argument's; every
// other op: the first source that has one (the spec's src[0], made robust to a
// Const in first place, as in `2 * x`).
DeviceRef inferDevice(Op op, const UOpList& src, const Arg& arg);

// The axis derived property: the sharding dimension of a value on an n-tuple device.
std::optional<int> inferAxis(Op op, const UOpList& src, const Arg& arg, const Shape& shape);

} // namespace uops
