#include "app/uopc/lowering.h"

#include "core/frontend/load_error.h"
#include "core/opt/opt.h"
#include "core/pipeline/kernel_select.h"
#include "core/program/device_run.h"
#include "core/engine/program_run.h"
#include "core/engine/device_registry.h"
#include "core/program/scheduled_run.h"

#include <algorithm>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {

void failWith(const std::string& message) {
  std::cerr << message;
  if (message.empty() || message.back() != '\n') std::cerr << '\n';
  throw CLI::RuntimeError(1);
}

CLI::Validator deviceNameValidator() {
  return CLI::Validator(
      [](std::string& name) -> std::string {
        try {
          name = uops::canonicalDeviceName(name);
          return {};
        } catch (const uops::DeviceError& e) {
          return e.what();
        }
      },
      "DEVICE");
}

namespace {

// The folders --path named, for the one command this process runs.
std::vector<std::string>& modulePathFolders() {
  static std::vector<std::string> folders;
  return folders;
}

} // namespace

void addModulePathFlag(CLI::App* cmd) {
  cmd->add_option("--path", modulePathFolders(),
                  "a folder where the program's imports are found after its own folder (repeatable), "
                  "e.g. a tinygrad checkout for `from extra.models.resnet import ResNet18`")
      ->check(CLI::ExistingDirectory)
      ->allow_extra_args(false);
}

void addLoweringFlags(CLI::App* cmd, LoweringOptions& options) {
  cmd->add_option("program", options.path, "a tensor program (.py, PROGRAM_FORMAT.md)")->required();
  addModulePathFlag(cmd);
  cmd->add_option("--device", options.device, "CPU (LLVM IR), CL:<n> (OpenCL C) or CUDA:<n> (LLVM IR for NVPTX)")
      ->capture_default_str()
      ->transform(deviceNameValidator());
  cmd->add_flag("--no-opt", options.noOpt, "no OptOps (default: the hand-coded heuristics)");
  cmd->add_option("--opts", options.opts, "OptOps for the kernel --kernel names");
  cmd->add_option("--kernel", options.kernel, "a kernel: its schedule index or its name");
  cmd->add_option("--schedule", options.schedule,
                  "one realization point's schedule (1-based; the last computes the outputs), its "
                  "inputs the buffers earlier ones computed; default: the whole program as one graph");
}

uops::program::LoadedProgram loadOrFail(const std::string& path, const std::string& device,
                                        std::function<void(std::string_view)> printed) {
  try {
    // a compile-only target runs nothing: work done while loading runs on the CPU
    const bool compileOnly = !device.empty() && uops::describeDevice(device).compileOnly;
    uops::program::LoadOptions options = uops::program::LoadOptions::on(compileOnly ? "CPU" : device);
    options.modulePath = modulePathFolders();
    options.printed = std::move(printed);
    return uops::program::loadProgramFile(path, options);
  } catch (const uops::frontend::LoadError& e) {
    failWith(e.what());
  } catch (const std::exception& e) {
    failWith(fmt::format("{}: {}", path, e.what()));
  }
}

uops::CodegenTarget targetFor(const LoweringOptions& options) {
  try {
    const uops::Device& device = uops::openDevice(options.device);
    if (!device.target())
      failWith(fmt::format("{} generates no code: the code generators are CPU (LLVM IR), CL:<n> (OpenCL C) and CUDA:<n> (LLVM IR for NVPTX)",
                           device.name()));
    return uops::runTarget(device, !options.noOpt);
  } catch (const uops::DeviceError& e) {
    failWith(e.what());
  }
}

uops::PipelineRun lower(const uops::program::LoadedProgram& program, const LoweringOptions& options, bool trace,
                        bool remarks) {
  if (program.outputs.empty()) failWith(fmt::format("{}: the program has no outputs", options.path));
  std::vector<uops::UOpPtr> roots;
  try {
    roots = uops::program::rootsOf(options.schedule > 0
                                       ? uops::program::scheduleGraphs(program, options.schedule)
                                       : program.outputTensors());
  } catch (const uops::DeviceError& e) {
    failWith(e.what());
  }
  uops::KernelOpts opts;
  if (!options.opts.empty()) {
    if (options.kernel.empty()) failWith("--opts needs --kernel: the kernel they apply to");
    opts = kernelOptsFor(roots, options.opts, options.kernel, uops::rangeifyOptionsFor(targetFor(options)),
                         options.path);
  }
  return uops::runPipeline(roots, {.trace = trace, .target = targetFor(options), .remarks = remarks}, opts);
}

uops::KernelOpts kernelOptsFor(const std::vector<uops::UOpPtr>& roots, const std::string& opts,
                               const std::string& kernel, const uops::RangeifyOptions& rangeify,
                               const std::string& path) {
  std::vector<uops::Opt> parsed;
  try {
    parsed = uops::parseOpts(opts);
  } catch (const uops::OptParseError& e) {
    failWith(e.what());
  }
  // the schedule is needed to turn a kernel name into its index
  uops::PipelineRun scheduled = uops::runPipeline(roots, {.trace = false, .target = std::nullopt, .rangeify = rangeify});
  requireSuccess(scheduled, path);
  uops::KernelOpts out;
  for (size_t k : selectedKernels(scheduled, kernel)) out[k] = parsed;
  return out;
}

std::vector<size_t> selectedKernels(const uops::PipelineRun& run, const std::string& kernel) {
  try {
    return uops::selectKernels(run, kernel);
  } catch (const uops::KernelSelectError& e) {
    failWith(e.what());
  }
}

void requireSuccess(const uops::PipelineRun& run, const std::string& path) {
  if (!run.failed()) return;
  const uops::StageRecord& r = run.stages.back();
  failWith(fmt::format("{}: {}{} failed: {}", path, r.stage, r.kernel.empty() ? "" : " of kernel " + r.kernel,
                       r.error));
}

} // namespace uopc
