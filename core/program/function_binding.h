// `from tinygrad import function`: @function, @function(allow_implicit=True)
// and function(f), capturing each call as one Function node (core/grad's
// FunctionCapture) as tinygrad's _function does.
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value functionDecorator();

} // namespace uops::program
