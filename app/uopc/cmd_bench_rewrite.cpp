#include "app/uopc/commands.h"

#include <stdexcept>

#include <CLI/CLI.hpp>

namespace uopc {

void addBenchRewriteCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench-rewrite", "benchmark graphRewrite with the symbolic rules");
  cmd->callback([] { throw std::runtime_error("bench-rewrite: the rewrite engine is not built yet"); });
}

} // namespace uopc
