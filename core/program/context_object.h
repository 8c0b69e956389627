// `from tinygrad import Context`: Context(TRAINING=1) as a `with` block or a
// decorator, setting tinygrad's context variables for its extent, and
// TRAINING itself (training.h holds its value).
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value contextClass();
// tinygrad.helpers.TRAINING: the context variable Context(TRAINING=1) sets.
frontend::Value trainingVariable();

} // namespace uops::program
