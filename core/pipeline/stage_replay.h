// Does a stage's trace account for all it did? Replaying its recorded
// rewrites from the stage's input, step after step, must give the stage's
// output node for node (UOps are interned: one pointer). A step whose input is
// not the graph the steps before it left, a step whose rewrites replay to
// another graph, or a last graph that is not the stage's result is a change
// made outside the rewrite engine: the explorer would show it as a jump.
#pragma once

#include "core/pipeline/pipeline_runner.h"

#include <string>
#include <vector>

namespace uops {

// Where `record`'s recorded rewrites do not explain it, in words, in order;
// empty when they replay to its result. Steps nested inside a rule (depth > 0)
// are the rule's own business and are not part of the chain.
std::vector<std::string> replayGaps(const StageRecord& record);

} // namespace uops
