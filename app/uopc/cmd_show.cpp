#include "app/uopc/commands.h"

#include <stdexcept>

#include <CLI/CLI.hpp>

namespace uopc {

void addShowCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "print a graph with its derived properties");
  cmd->callback([] { throw std::runtime_error("show: the textual IR reader is not built yet"); });
}

} // namespace uopc
