// The process environment as tinygrad.helpers and `os` read it: getenv("BS", 32)
// in a model file sizes its batch from the shell that started uopc or the
// explorer, as it does under tinygrad. Reading only: a program cannot set
// a variable, and nothing else in a program reaches the environment.
#pragma once

#include "core/frontend/value.h"

namespace uops::frontend {

// The variable named by `key` (a str without null bytes, else a ScriptError
// starting with `caller`), or None when it is unset.
Value environmentVariable(std::string_view caller, const Value& key);

// tinygrad.helpers' `_environ_get(key)`: the variable's text, or None when it
// is unset; the library's getenv converts it to its default's type.
Value environmentReader();

} // namespace uops::frontend
