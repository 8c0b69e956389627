// `from tinygrad import Context`: Context(TRAINING=1) as a `with` block or a
// decorator, setting tinygrad's context variables for its extent.
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value contextClass();

} // namespace uops::program
