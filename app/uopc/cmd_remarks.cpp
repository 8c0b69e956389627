#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/opt/kernel_ranges.h"
#include "core/pipeline/kernel_remarks.h"
#include "core/remarks/remark_json.h"
#include "core/engine/device_registry.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct RemarksOptions {
  LoweringOptions lowering;
  bool json = false;
  bool noCompiler = false; // core's remarks only: no compile of each kernel for its compiler's
};

std::string remarkLine(const uops::Remark& r) {
  const std::string program = r.programLine > 0 ? fmt::format("line {}", r.programLine) : "line -";
  const std::string ir = r.irLine > 0 ? fmt::format("ir {}", r.irLine) : "ir -";
  return fmt::format("  {:<8} {:<16} {:<9} {:<7} {}\n", uops::remarkKindName(r.kind), r.origin, program, ir,
                     r.message);
}

// A kernel's remarks: its stages', then its compiler's (a compile of its own).
std::vector<uops::Remark> kernelRemarks(const uops::PipelineRun& run, size_t k, const RemarksOptions& options) {
  std::vector<uops::Remark> out = uops::runRemarks(run, k);
  if (options.noCompiler) return out;
  try {
    std::vector<uops::Remark> compiler = uops::openDevice(options.lowering.device).compilerRemarks(run.kernels[k]);
    uops::placeKernelRemarks(compiler, run.kernels[k], k);
    out.insert(out.end(), compiler.begin(), compiler.end());
  } catch (const std::exception& e) {
    failWith(fmt::format("{}: compiling kernel {} for its remarks: {}", options.lowering.path, run.kernelName(k),
                         e.what()));
  }
  return out;
}

// Each kernel's remarks, Rangeify's about its buffers first; the program line
// and the line of the kernel's rendered source (`uopc emit --source`) with each.
void remarks(const RemarksOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, false, true);
  requireSuccess(run, options.lowering.path);
  nlohmann::json json = nlohmann::json::array();
  if (options.lowering.kernel.empty())
    for (const uops::Remark& r : run.remarks) {
      if (r.kernel >= 0) continue;
      if (options.json) json.push_back(uops::remarkJson(r));
      else std::cout << remarkLine(r);
    }
  for (size_t k : selectedKernels(run, options.lowering.kernel)) {
    std::vector<uops::Remark> remarks = kernelRemarks(run, k, options);
    if (options.json) {
      for (const uops::Remark& r : remarks) {
        nlohmann::json one = uops::remarkJson(r);
        one["kernelName"] = run.kernelName(k);
        json.push_back(std::move(one));
      }
      continue;
    }
    std::cout << fmt::format("{} ({} remarks)\n", uops::kernelLabel(k, run.kernelName(k)), remarks.size());
    for (const uops::Remark& r : remarks) std::cout << remarkLine(r);
  }
  if (options.json) std::cout << json.dump(2) << "\n";
}

} // namespace

void addRemarksCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("remarks", "why each kernel was fused, optimized and compiled as it was: the "
                                            "pipeline's remarks and the compiler's (LLVM's on the CPU)");
  auto options = std::make_shared<RemarksOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_flag("--json", options->json, "one JSON array of remarks");
  cmd->add_flag("--no-compiler", options->noCompiler, "the pipeline's remarks only (no compile for LLVM's)");
  cmd->callback([options] { remarks(*options); });
}

} // namespace uopc
