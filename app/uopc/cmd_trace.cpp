#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/opt/kernel_ranges.h"
#include "core/pipeline/stage_replay.h"

#include <iostream>
#include <memory>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct TraceOptions {
  LoweringOptions lowering;
  bool rewrites = false;
  bool checkReplay = false;
};

// Each stage's recorded rewrites replayed from its input must give its output
// (stage_replay.h): the gaps, and a failure when there is one.
void checkReplay(const uops::PipelineRun& run) {
  size_t gaps = 0;
  for (const uops::StageRecord& r : run.stages)
    for (const std::string& gap : uops::replayGaps(r)) {
      std::cout << fmt::format("replay gap in {}{}: {}\n", r.stage,
                               r.kernel.empty() ? "" : " | kernel " + uops::kernelLabel(r.kernelIndex, r.kernel), gap);
      ++gaps;
    }
  std::cout << fmt::format("replay: {} stage records, {} gaps\n", run.stages.size(), gaps);
  std::cout.flush();
  if (gaps > 0) throw std::runtime_error("a stage's recorded rewrites do not replay to its output");
}

void trace(const TraceOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, true);
  for (const uops::StageRecord& r : run.stages) {
    size_t total = 0;
    for (const uops::TraceStep& s : r.steps) total += s.rewrites.size();
    std::cout << (r.kernel.empty() ? fmt::format("{}: {} rewrites\n", r.stage, total)
                                   : fmt::format("{} | kernel {}: {} rewrites\n", r.stage,
                                                 uops::kernelLabel(r.kernelIndex, r.kernel), total));
    for (const uops::TraceStep& s : r.steps) {
      if (s.snapshot) continue;
      std::cout << fmt::format("  {}{}: {} rewrites{}\n", std::string(2 * s.depth, ' '), s.name, s.rewrites.size(),
                               s.failed() ? " (failed: " + s.error + ")" : "");
      for (const auto& [rule, count] : s.matchCounts())
        std::cout << fmt::format("  {}  {:>5}  {}\n", std::string(2 * s.depth, ' '), count, rule);
      if (!options.rewrites) continue;
      for (const uops::TraceRewrite& w : s.rewrites)
        std::cout << fmt::format("  {}    {} ({}:{}): {} -> {}\n", std::string(2 * s.depth, ' '), w.rule.name(),
                                 w.rule.location().file_name(), w.rule.location().line(),
                                 uops::opName(w.matched->op()),
                                 w.replacement ? std::string(uops::opName(w.replacement->op())) : "error");
    }
  }
  std::cout.flush();
  requireSuccess(run, options.lowering.path);
  if (options.checkReplay) checkReplay(run);
}

} // namespace

void addTraceCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("trace", "the rewrite passes of every stage and kernel, with rewrite counts");
  auto options = std::make_shared<TraceOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_flag("--rewrites", options->rewrites, "every rewrite with its rule's name and source location");
  cmd->add_flag("--check-replay", options->checkReplay,
                "fail unless every stage's recorded rewrites, replayed from its input, give its output");
  cmd->callback([options] { trace(*options); });
}

} // namespace uopc
