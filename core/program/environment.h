// The process environment as tinygrad.helpers reads it: getenv("BS", 32)
// in a model file sizes its batch from the shell that started uopc or the
// explorer, as it does under tinygrad. Reading only: a program cannot set
// a variable, and nothing else in a program reaches the environment.
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

// `_environ_get(key)`: the variable's text, or None when it is unset; the
// library's getenv converts it to its default's type.
frontend::Value environmentReader();

} // namespace uops::program
