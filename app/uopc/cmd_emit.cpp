#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/opt/kernel_ranges.h"
#include "core/runtime/device_registry.h"

#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct EmitOptions {
  LoweringOptions lowering;
  bool source = false;
  bool isa = false;
};

void emit(const EmitOptions& options) {
  if (options.source == options.isa) failWith("uopc emit: choose one of --source and --isa");
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, false);
  requireSuccess(run, options.lowering.path);
  uops::Device& device = uops::openDevice(options.lowering.device);
  for (size_t i : selectedKernels(run, options.lowering.kernel)) {
    const uops::LoweredKernel& k = run.kernels[i];
    bool cl = k.target.kind == uops::TargetKind::Gpu; // OpenCL C, else LLVM IR
    std::string comment = cl ? "//" : ";";
    std::cout << fmt::format("{} ==== kernel {} ({})\n", comment, uops::kernelLabel(i, k.name.text),
                             k.opts.empty() ? std::string("no OptOps") : uops::formatOpts(k.opts));
    if (options.source) {
      std::cout << (cl ? k.opencl.source : k.llvm.source);
    } else {
      std::cout << device.compile(k)->machineCode();
    }
    std::cout << "\n";
  }
}

} // namespace

void addEmitCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("emit", "generated code: rendered source or machine code");
  auto options = std::make_shared<EmitOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_flag("--source", options->source, "the rendered source (LLVM IR on CPU, OpenCL C on CL)");
  cmd->add_flag("--isa", options->isa,
                "machine code (LLVM's disassembler on CPU; the driver's binary on CL, as far as it can be shown)");
  cmd->callback([options] {
    try {
      emit(*options);
    } catch (const CLI::RuntimeError&) {
      throw;
    } catch (const std::exception& e) {
      failWith(fmt::format("uopc emit: {}", e.what()));
    }
  });
}

} // namespace uopc
