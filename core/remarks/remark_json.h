// A remark as JSON, the form `uopc remarks --json` prints:
// {"kernel": 0, "kind": "missed", "origin": "Rangeify", "name": "KeptBuffer",
//  "message": "...", "irLine": 12, "programLine": 7}
// (irLine and programLine 0 where unknown, kernel -1 before the schedule).
#pragma once

#include "core/remarks/remark.h"

#include <nlohmann/json.hpp>

namespace uops {

nlohmann::json remarkJson(const Remark& remark);

} // namespace uops
