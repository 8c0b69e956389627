// repr() and str() of values, as Python writes them.
#pragma once

#include "core/frontend/value.h"

#include <string>

namespace uops::frontend {

// Containers nest at most this deep in repr, ==, < and `in` (Python raises
// RecursionError too); deeper values are an error, never a stack overflow.
inline constexpr int kMaxValueNesting = 200;

std::string repr(const Value& value); // [1, 2.5, 'a'], (1,), None, <function f>
std::string str(const Value& value);  // like repr, but a str is its own text

} // namespace uops::frontend
