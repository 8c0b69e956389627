#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/opt/kernel_ranges.h"
#include "core/opt/opt.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

// Each kernel with the OptOps Optimize applied to it, in the text form --opts takes.
void opts(const LoweringOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.path, options.device);
  uops::PipelineRun run = lower(program, options, false);
  requireSuccess(run, options.path);
  for (size_t i : selectedKernels(run, options.kernel)) {
    const uops::LoweredKernel& k = run.kernels[i];
    std::cout << fmt::format("{:<32} {:<12} {}\n", uops::kernelLabel(i, k.name.text), k.name.letters,
                             k.opts.empty() ? std::string("(none)") : uops::formatOpts(k.opts));
  }
}

} // namespace

void addOptsCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("opts", "the OptOps applied to each kernel (heuristics unless --opts/--no-opt)");
  auto options = std::make_shared<LoweringOptions>();
  addLoweringFlags(cmd, *options);
  cmd->callback([options] { opts(*options); });
}

} // namespace uopc
