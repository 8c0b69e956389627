#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/engine/memory_report_print.h"
#include "core/runtime/json_output.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

namespace uopc {
namespace {

struct MemoryOptions {
  LoweringOptions lowering;
  bool json = false;
};

// Without --kernel the schedule's buffers; with it, the registers of the kernels it names.
void memory(const MemoryOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, false);
  requireSuccess(run, options.lowering.path);
  if (options.lowering.kernel.empty()) {
    uops::ScheduleMemory m = uops::scheduleMemory(run);
    if (options.json)
      std::cout << uops::formatJsonLine({{"schedule", uops::scheduleMemoryJson(m)}}) << "\n";
    else
      std::cout << uops::formatScheduleMemory(m);
    return;
  }
  nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
  for (size_t i : selectedKernels(run, options.lowering.kernel)) {
    uops::KernelRegisters r = uops::kernelRegisters(run, i);
    if (options.json)
      kernels.push_back(uops::kernelRegistersJson(r));
    else
      std::cout << uops::formatKernelRegisters(r);
  }
  if (options.json) std::cout << uops::formatJsonLine({{"kernels", std::move(kernels)}}) << "\n";
}

} // namespace

void addMemoryCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "memory", "the Register/Memory Plan: buffers over the schedule, or a kernel's registers (--kernel)");
  auto options = std::make_shared<MemoryOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_flag("--json", options->json, "one line of JSON instead of the tables");
  cmd->callback([options] { memory(*options); });
}

} // namespace uopc
