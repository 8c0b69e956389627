// uopc autobatch PROGRAM: an auto-batched call's program after a pass, and
// how its VM run went.
#include "app/uopc/commands.h"
#include "app/uopc/devices.h"
#include "app/uopc/lowering.h"

#include "core/autobatch/passes.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct AutobatchOptions {
  std::string path;
  std::string stage = "fusion";
  std::string device = "REF";
  size_t call = 1;
};

void show(const AutobatchOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.path, options.device);
  const auto& runs = program.loadTimeRuns;
  if (runs.empty()) failWith(fmt::format("{}: the program calls no @autobatch function", options.path));
  if (options.call < 1 || options.call > runs.size())
    failWith(fmt::format("{}: --call {}: the program made {} @autobatch call{}", options.path, options.call,
                         runs.size(), runs.size() == 1 ? "" : "s"));
  const uops::program::LoadTimeRun& run = runs[options.call - 1];
  bool found = false;
  for (const auto& [stage, text] : run.stages) {
    if (options.stage != "all" && stage != options.stage) continue;
    std::cout << fmt::format("# {} after {}\n{}", run.what, stage, text);
    found = true;
  }
  if (!found)
    failWith(fmt::format("--stage {}: the passes are {}, or all", options.stage,
                         fmt::join(uops::autobatch::passNames(), ", ")));
  std::cout << "# ran " << run.summary << "\n";
}

} // namespace

void addAutobatchCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("autobatch", "print an @autobatch call's program after a pass");
  auto options = std::make_shared<AutobatchOptions>();
  cmd->add_option("program", options->path, "a tensor program with @autobatch functions")->required();
  addModulePathFlag(cmd);
  cmd->add_option("--stage", options->stage, "front end, types, allocation, lowering, fusion, or all")
      ->capture_default_str();
  cmd->add_option("--call", options->call, "which @autobatch call of the program (1-based, in call order)")
      ->capture_default_str();
  cmd->add_option("--device", options->device, "where the VM runs")
      ->capture_default_str()
      ->transform(deviceNameValidator());
  cmd->callback([options] { show(*options); });
}

} // namespace uopc
