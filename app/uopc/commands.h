// uopc's subcommands, one file each (cmd_<name>.cpp); main.cpp registers them.
#pragma once

namespace CLI {
class App;
}

namespace uopc {

// `uopc show FILE`: a graph with its derived properties.
void addShowCommand(CLI::App& app);
// `uopc bench-rewrite`: graphRewrite with the symbolic rules over a large graph.
void addBenchRewriteCommand(CLI::App& app);
// `uopc run PROGRAM [--device D] [--json]`: a tensor program's outputs.
void addRunCommand(CLI::App& app);

} // namespace uopc
