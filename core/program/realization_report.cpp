#include "core/program/realization_report.h"

#include <fmt/format.h>

namespace uops::program {

std::string RealizationReport::label() const {
  std::string what = why + (line > 0 ? fmt::format(" at line {}", line) : "");
  if (loops.empty()) return fmt::format("realization point {}: {}", point, what);
  std::string steps;
  for (const frontend::LoopPosition& loop : loops) {
    steps += steps.empty() ? "step " : ", ";
    steps += loop.count > 0 ? fmt::format("{} of {}", loop.iteration, loop.count) : std::to_string(loop.iteration);
  }
  return fmt::format("{}: {} (realization point {})", steps, what, point);
}

} // namespace uops::program
