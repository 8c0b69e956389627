// Python's __index__ on host objects: the int a host object stands for in a
// slice bound or int() (a bound symbolic Variable: its value), read through
// the `__index__` entry of its MethodTable.
#pragma once

#include "core/frontend/value.h"

#include <cstdint>
#include <optional>

namespace uops::frontend {

// nullopt when `v` is no host object or has no __index__; the method's own
// errors (an unbound Variable) propagate.
std::optional<int64_t> hostIndex(const Value& v);

} // namespace uops::frontend
