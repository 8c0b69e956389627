// The device derived property: where a UOp's value lives.
#pragma once

#include "core/ir/uop.h"

#include <optional>
#include <string>

namespace uops {

// Buffer and Param: from arg; Load (the spec's Copy): its target device when
// given; Const, Range: none; Function and Call: their first argument's; every
// other op: the first source that has one (the spec's src[0], made robust to a
// Const in first place, as in `2 * x`).
DeviceRef inferDevice(Op op, const UOpList& src, const Arg& arg);

// The axis derived property: the sharding dimension of a value on an n-tuple device.
std::optional<int> inferAxis(Op op, const UOpList& src, const Arg& arg, const Shape& shape);

// Why a node on a device tuple cannot be computed shard by shard (tinygrad's
// refusals): a Load scattering an axis 0 that does not divide by the devices,
// padding or flipping the shard axis, a Shrink inside the shard axis that is
// not exactly one device's shard, a Reshape moving elements between shards,
// Replicated on a shard axis holding more than one element per device.
// Nothing for a node that can.
std::optional<std::string> shardingRefusal(const UOp& node);

} // namespace uops
