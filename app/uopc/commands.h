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
// `uopc run PROGRAM [--device D] [--json] [--time] [--repeat N] [--opts L --kernel K] [--beam N]`.
void addRunCommand(CLI::App& app);
// `uopc stages PROGRAM [--kernel K] [--stage NAME]`: the graph after each stage.
void addStagesCommand(CLI::App& app);
// `uopc trace PROGRAM [--rewrites]`: passes and rewrite counts per stage and kernel.
void addTraceCommand(CLI::App& app);
// `uopc emit PROGRAM --source|--isa [--kernel K]`: generated code.
void addEmitCommand(CLI::App& app);
// `uopc bench-compile PROGRAM... [--json]`: time to lower to rendered source.
void addBenchCompileCommand(CLI::App& app);
// `uopc opts PROGRAM [--kernel K]`: the OptOps applied to each kernel.
void addOptsCommand(CLI::App& app);
// `uopc devices`: REF, INTERP, CPU and every OpenCL device.
void addDevicesCommand(CLI::App& app);
void addAutobatchCommand(CLI::App& app);
// `uopc memory PROGRAM [--kernel K] [--json]`: buffer lifetimes over the schedule, a kernel's registers.
void addMemoryCommand(CLI::App& app);

} // namespace uopc
