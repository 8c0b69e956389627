// A realized value on a device tuple: the spec's Buffer on an n-tuple holds
// n shards one after another (shape n*size, axis 0); the view over it puts
// the shards back along the value's shard axis, or keeps one replica of a
// replicated value.
#pragma once

#include "core/ir/uop.h"
#include "core/runtime/host_tensor.h"

#include <optional>
#include <string>
#include <vector>

namespace uops::program {

// The leaf for a value of `shape` on `devices` (n > 1) sharded on `axis`
// (none: replicated), and the view giving the value back.
struct MultiView {
  UOpPtr leaf;
  UOpPtr view;
};
MultiView multiView(int64_t id, DType dtype, const Shape& shape, const std::vector<std::string>& devices,
                    std::optional<int64_t> axis);

// The leaf's contents for the value `value` (shaped like the view): the
// shards in device order, or n copies of a replicated value.
HostTensor multiLeafData(const HostTensor& value, int64_t devices, std::optional<int64_t> axis);

} // namespace uops::program
