// `from tinygrad import TinyJit`: @TinyJit on a function or method. tinygrad
// runs the first calls, then captures and replays the kernels; what the
// replays compute is what running the function computes, which is what a call
// does here: the function runs on every call and its results are realized.
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value tinyJitClass();

} // namespace uops::program
