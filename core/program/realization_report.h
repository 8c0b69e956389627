// What a progress report says about a realization point as the program
// reaches it on the device: which one, why, where, on which step of the
// program's loops, and the graphs it is about to compute.
#pragma once

#include "core/frontend/interpreter.h"
#include "core/ir/uop.h"

#include <cstddef>
#include <string>
#include <vector>

namespace uops::program {

struct RealizationReport {
  size_t point = 0; // 1-based, in the order the program reaches them
  std::string why;  // "item()", "realize()", "TinyJit", ...
  int line = 0;     // the program's line that realized it; 0 when unknown
  std::vector<frontend::LoopPosition> loops; // the program's loops around it, outermost first
  std::vector<UOpPtr> graphs;                // what it computes, over earlier buffer versions

  // "step 3 of 10: item() at line 19 (realization point 30)", or
  // "realization point 2: item() at line 11" outside any loop.
  std::string label() const;
};

} // namespace uops::program
