#include "core/pipeline/stage_replay.h"

#include <fmt/format.h>

namespace uops {

std::vector<std::string> replayGaps(const StageRecord& record) {
  std::vector<std::string> gaps;
  if (record.failed()) return gaps;
  UOpPtr at = record.input;
  std::string after = "the stage's input";
  for (const TraceStep& step : record.steps) {
    if (step.depth > 0) continue;
    if (step.input != at)
      gaps.push_back(fmt::format("'{}' starts from a graph that {} is not", step.name, after));
    if (step.snapshot) {
      at = step.input;
      after = fmt::format("'{}'", step.name);
      continue;
    }
    if (step.failed()) gaps.push_back(fmt::format("'{}' failed: {}", step.name, step.error));
    else if (step.rootAfter(step.rewrites.size()) != step.output)
      gaps.push_back(fmt::format("'{}': its {} rewrites replay to another graph than its output", step.name,
                                 step.rewrites.size()));
    at = step.output;
    after = fmt::format("'{}' output", step.name);
  }
  if (at != record.result) gaps.push_back(fmt::format("the stage's result is not {}", after));
  return gaps;
}

} // namespace uops
