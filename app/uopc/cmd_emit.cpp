#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "backends/llvm/gpu_device.h"
#include "core/opt/kernel_ranges.h"
#include "core/engine/device_registry.h"

#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct EmitOptions {
  LoweringOptions lowering;
  bool source = false;
  bool isa = false;
  std::string target; // a compile-only GPU target, instead of --device
};

void emit(EmitOptions options) {
  if (options.source == options.isa) failWith("uopc emit: choose one of --source and --isa");
  if (!options.target.empty()) {
    if (!uops::registerGpuTarget(options.target))
      failWith(fmt::format("uopc emit: --target {}: expected sm_<NN> (NVPTX) or gfx<NNNN> (AMDGPU)", options.target));
    options.lowering.device = uops::canonicalDeviceName(options.target);
  }
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, false);
  requireSuccess(run, options.lowering.path);
  uops::Device& device = uops::openDevice(options.lowering.device);
  for (size_t i : selectedKernels(run, options.lowering.kernel)) {
    const uops::LoweredKernel& k = run.kernels[i];
    const std::string_view comment = uops::lineComment(k.rendered.language);
    std::cout << fmt::format("{} ==== kernel {} ({})\n", comment, uops::kernelLabel(i, k.name.text),
                             k.opts.empty() ? std::string("no OptOps") : uops::formatOpts(k.opts));
    if (options.source) {
      std::cout << k.rendered.text;
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
  cmd->add_flag("--source", options->source,
                "the rendered source (LLVM IR on CPU and GPU targets, OpenCL C on CL)");
  cmd->add_flag("--isa", options->isa,
                "machine code (LLVM's disassembler on CPU; the driver's binary on CL, as far as it can be shown; "
                "PTX, and SASS where cuobjdump or nvdisasm is on PATH, on CUDA; PTX or AMDGPU assembly for a GPU target)");
  cmd->add_option("--target", options->target,
                  "a compile-only GPU target instead of --device: sm_<NN> (PTX from LLVM's NVPTX back end) or "
                  "gfx<NNNN> (LLVM's AMDGPU back end), any processor LLVM knows")
      ->excludes(cmd->get_option("--device"));
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
