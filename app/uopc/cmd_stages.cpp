#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/ir/text.h"
#include "core/opt/kernel_ranges.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct StagesOptions {
  LoweringOptions lowering;
  std::string stage;
};

const std::vector<std::string>& stageNames() {
  static const std::vector<std::string> names = {"Callify",   "Rangeify",  "Optimize", "Expand",
                                                 "Instruction Selection", "Linearize",
                                                 "Register/Memory Plan",  "Render"};
  return names;
}

bool sameName(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

void stages(const StagesOptions& options) {
  std::string stage;
  if (!options.stage.empty()) {
    for (const std::string& n : stageNames())
      if (sameName(n, options.stage)) stage = n;
    if (stage.empty()) {
      std::string list;
      for (const std::string& n : stageNames()) list += "\n  " + n;
      failWith(fmt::format("no stage '{}'; the stages are:{}", options.stage, list));
    }
  }
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, false);
  std::vector<size_t> kernels;
  if (!run.schedule.kernels.empty()) kernels = selectedKernels(run, options.lowering.kernel);
  bool kernelChosen = !options.lowering.kernel.empty();
  for (const uops::StageRecord& r : run.stages) {
    if (!stage.empty() && r.stage != stage) continue;
    bool perKernel = !r.kernel.empty();
    if (kernelChosen && (!perKernel || std::find(kernels.begin(), kernels.end(), r.kernelIndex) == kernels.end()))
      continue;
    if (!r.result) continue;
    std::cout << (perKernel ? fmt::format("== {} | kernel {}\n", r.stage, uops::kernelLabel(r.kernelIndex, r.kernel))
                            : fmt::format("== {}\n", r.stage));
    std::cout << uops::printGraph(r.result);
  }
  std::cout.flush();
  requireSuccess(run, options.lowering.path);
}

} // namespace

void addStagesCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("stages", "the graph after each lowering stage, in the textual IR");
  auto options = std::make_shared<StagesOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_option("--stage", options->stage,
                  "only this stage: Callify, Rangeify, Optimize, Expand, \"Instruction Selection\", "
                  "Linearize, \"Register/Memory Plan\", Render");
  cmd->callback([options] { stages(*options); });
}

} // namespace uopc
