// The heuristics' remarks (heuristics.h): each OptOp they applied with the
// rule that chose it, each they tried and applyOpt refused with its reason,
// and the facts about the kernel that picked their rules. Made only while
// remarks are on (core/remarks/remark_scope.h).
#pragma once

#include "core/ir/uop.h"
#include "core/opt/opt.h"

#include <string>
#include <string_view>

namespace uops {

// `opt`, tried on `kernel` (before it) for reason `why`: applied when
// `refused` is empty, else refused with that reason.
void remarkHeuristicOpt(const UOpPtr& kernel, const Opt& opt, std::string_view why, const std::string& refused);

// A fact about `kernel` that chose or ruled out a heuristic.
void remarkHeuristicFact(std::string_view message);

} // namespace uops
