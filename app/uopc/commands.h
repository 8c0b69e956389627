// uopc's subcommands, one file each (cmd_<name>.cpp); main.cpp registers them.
#pragma once

namespace CLI {
class App;
}

namespace uopc {

// `uopc doc NAME [--json] | --list`: what an op, AxisType, OptOp, LLVM IR or OpenCL C word means.
void addDocCommand(CLI::App& app);
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
// `uopc devices`: REF, INTERP, CPU, every OpenCL device and every CUDA device (or why there are none).
void addDevicesCommand(CLI::App& app);
// `uopc remarks PROGRAM [--kernel K] [--json] [--no-compiler]`: why each kernel was optimized as it was.
void addRemarksCommand(CLI::App& app);
void addAutobatchCommand(CLI::App& app);
// `uopc report PROGRAM -o FILE.html`: a self-contained HTML report of the program.
void addReportCommand(CLI::App& app);
// `uopc mca PROGRAM [--kernel K] [--json]`: MCA's model of each CPU kernel's innermost loops.
void addMcaCommand(CLI::App& app);
// `uopc bisect PROGRAM --device D [--slower PERCENT]`: the first rewrite that makes the kernels wrong (or slower).
void addBisectCommand(CLI::App& app);
// `uopc memory PROGRAM [--kernel K] [--json]`: buffer lifetimes over the schedule, a kernel's registers.
void addMemoryCommand(CLI::App& app);
// `uopc peaks [--device D] [--json]`: the device's measured peak rate and bandwidth.
void addPeaksCommand(CLI::App& app);

} // namespace uopc
