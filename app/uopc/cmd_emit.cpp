#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "backends/llvm/cpu_device.h"
#include "backends/llvm/disassemble.h"
#include "backends/llvm/jit_error.h"
#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_program.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct EmitOptions {
  LoweringOptions lowering;
  bool source = false;
  bool isa = false;
};

std::string clIsa(const uops::LoweredKernel& k, const std::string& device) {
  uops::ClDevice cl = uops::ClDevice::open(device);
  uops::ClProgram program = cl.build(k.opencl.source, uops::kOpenClBuildOptions);
  uops::ClBinary binary = program.binary();
  std::string out = binary.description() + "\n";
  if (binary.kind() == uops::ClBinaryKind::Text) out += binary.text();
  for (const uops::ClElfImage& image : binary.elfImages()) {
    out += "\n; " + image.name + "\n";
    try {
      out += uops::disassembleHostElf(image.bytes, image.machine);
    } catch (const uops::JitError& e) {
      out += std::string("; not disassembled: ") + e.what() + "\n";
    }
  }
  return out;
}

void emit(const EmitOptions& options) {
  if (options.source == options.isa) failWith("uopc emit: choose one of --source and --isa");
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path);
  uops::PipelineRun run = lower(program, options.lowering, false);
  requireSuccess(run, options.lowering.path);
  bool cl = options.lowering.device != "CPU";
  std::unique_ptr<uops::CpuDevice> cpu;
  for (size_t i : selectedKernels(run, options.lowering.kernel)) {
    const uops::LoweredKernel& k = run.kernels[i];
    std::string comment = cl ? "//" : ";";
    std::cout << fmt::format("{} ==== kernel {} {} ({})\n", comment, i, k.name.text,
                             k.opts.empty() ? std::string("no OptOps") : uops::formatOpts(k.opts));
    if (options.source) {
      std::cout << (cl ? k.opencl.source : k.llvm.source);
    } else if (cl) {
      std::cout << clIsa(k, options.lowering.device);
    } else {
      if (!cpu) cpu = std::make_unique<uops::CpuDevice>();
      std::cout << cpu->compile(k).assembly();
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
