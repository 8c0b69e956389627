// format(value, spec): Python's format-spec mini-language, shared by
// f-strings, str.format and the format() builtin.
#pragma once

#include "core/frontend/value.h"

#include <string>
#include <string_view>

namespace uops::frontend {

// [[fill]align][sign][z][#][0][width][,|_][.precision][type] for ints, bools,
// floats and strings, as Python formats them ("{:>8.3f}", "{:,}", "{:#x}",
// "{:.2%}", "{:e}"). Any other value takes an empty spec (its str()) or its
// own __format__ method. Throws ScriptError for a spec the value rejects
// ("Unknown format code 'd' for object of type 'float'").
std::string formatValue(const Value& value, std::string_view spec);

} // namespace uops::frontend
