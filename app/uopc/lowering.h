// What uopc's pipeline commands share: loading a program (load errors go to
// stderr with file:line:col, exit 1), lowering it for a device with the
// pipeline runner, and picking a kernel by schedule index or name.
#pragma once

#include "core/pipeline/pipeline_runner.h"
#include "core/program/program.h"

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace uopc {

// Prints `message` to stderr and makes uopc exit 1 with nothing on stdout
// (PROGRAM_FORMAT.md: a failing program prints nothing there); CLI11 exits
// with the code without printing anything more.
[[noreturn]] void failWith(const std::string& message);

struct LoweringOptions {
  std::string path;
  std::string device = "CPU"; // CPU or CL:<n> (OpenCL C is rendered for CL)
  bool noOpt = false;         // no heuristic OptOps
  std::string opts;           // OptOps for `kernel`
  std::string kernel;         // a schedule index or a kernel name; empty: every kernel
  size_t schedule = 0;        // a realization point's schedule (1-based); 0: the whole program
};

// Turns a typed device name into its canonical spelling (core/engine/device_registry.h);
// an unknown one fails parsing with the accepted forms.
CLI::Validator deviceNameValidator();

// --device, --no-opt, --opts, --kernel, --schedule on `cmd`.
void addLoweringFlags(CLI::App* cmd, LoweringOptions& options);

// --path DIR (repeatable) on `cmd`: folders where the program's imports
// (`from extra.models.resnet import ResNet18`) are found after its own folder.
// uopc runs one command per process, so the folders are kept for loadOrFail.
void addModulePathFlag(CLI::App* cmd);

// `device`: where work done while loading runs (realization points, @autobatch
// calls); empty: REF. `printed`: told each print()'s text as it happens.
uops::program::LoadedProgram loadOrFail(const std::string& path, const std::string& device = "",
                                        std::function<void(std::string_view)> printed = {});
uops::CodegenTarget targetFor(const LoweringOptions& options);

// The program lowered through every stage (trace and remarks as asked).
uops::PipelineRun lower(const uops::program::LoadedProgram& program, const LoweringOptions& options,
                        bool trace, bool remarks = false);

// `opts` (OptOps text) for the kernels `kernel` names, an index or a name
// before or after Optimize, checked against the program's schedule under
// `rangeify` (exit 1 with the reason when they do not parse or name none).
uops::KernelOpts kernelOptsFor(const std::vector<uops::UOpPtr>& roots, const std::string& opts,
                               const std::string& kernel, const uops::RangeifyOptions& rangeify,
                               const std::string& path);

// Schedule indices of the kernels `options.kernel` selects (all when empty);
// an unknown kernel fails with the list of kernels.
std::vector<size_t> selectedKernels(const uops::PipelineRun& run, const std::string& kernel);

// Fails (exit 1) with the failing stage, kernel and message when the run failed.
void requireSuccess(const uops::PipelineRun& run, const std::string& path);

} // namespace uopc
