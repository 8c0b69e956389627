#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/opt/kernel_ranges.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct TraceOptions {
  LoweringOptions lowering;
  bool rewrites = false;
};

void trace(const TraceOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path);
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
}

} // namespace

void addTraceCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("trace", "the rewrite passes of every stage and kernel, with rewrite counts");
  auto options = std::make_shared<TraceOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_flag("--rewrites", options->rewrites, "every rewrite with its rule's name and source location");
  cmd->callback([options] { trace(*options); });
}

} // namespace uopc
