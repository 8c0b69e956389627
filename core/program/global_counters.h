// tinygrad's GlobalCounters (`from tinygrad import GlobalCounters`), which
// examples reset before each step for their DEBUG timing: reset() does
// nothing and the counters read 0; uopc's own counts are in its run output.
#pragma once

#include "core/frontend/value.h"

namespace uops::program {

frontend::Value globalCountersObject();

} // namespace uops::program
