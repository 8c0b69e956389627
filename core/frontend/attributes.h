// Attribute access on any value: modules, host objects and the methods of
// Python's own lists, tuples and strings.
#pragma once

#include "core/frontend/value.h"

#include <string_view>

namespace uops::frontend {

// value.name; ScriptError "'Tensor' object has no attribute 'foo'" (with a
// suggestion when a close name exists).
Value getAttribute(const Value& value, std::string_view name);
void setAttribute(const Value& value, std::string_view name, const Value& newValue);

} // namespace uops::frontend
