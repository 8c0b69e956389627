#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/program/device_run.h"
#include "core/program/program.h"
#include "core/runtime/json_output.h"

#include <chrono>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace uopc {
namespace {

struct BenchCompileOptions {
  std::vector<std::string> paths;
  bool json = false;
  bool noOpt = false;
  int repeat = 1;
};

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct ProgramTiming {
  std::string file;
  double lowerMs = 0;
  size_t kernels = 0;
  std::vector<std::pair<std::string, double>> perKernel; // codegen of each kernel alone
  std::vector<std::pair<std::string, double>> perStage;  // summed over the kernels, in stage order
};

// From the start of loading to the rendered source of the last kernel, trace off; the best of
// `repeat`. The tinygrad and numpy modules are built before the clock starts, as compare.py imports
// tinygrad before starting tinygrad's.
ProgramTiming time(const std::string& path, const BenchCompileOptions& options) {
  ProgramTiming t{path, 0, 0, {}, {}};
  uops::CodegenTarget target = uops::cpuTarget();
  target.heuristics = !options.noOpt;
  uops::PipelineRun run;
  for (int r = 0; r < std::max(options.repeat, 1); ++r) {
    Clock::time_point start = Clock::now();
    uops::program::LoadedProgram program = loadOrFail(path, "CPU");
    run = uops::runPipeline(uops::program::rootsOf(program.outputTensors()), {.trace = false, .target = target});
    double ms = msSince(start);
    requireSuccess(run, path);
    t.lowerMs = r == 0 ? ms : std::min(t.lowerMs, ms);
  }
  t.kernels = run.kernels.size();
  for (const uops::CodegenStage& stage : uops::codegenStages()) t.perStage.emplace_back(stage.name, 0.0);
  for (const uops::ScheduledKernel& k : run.schedule.kernels) {
    Clock::time_point start = Clock::now();
    uops::LoweredKernel lowered = uops::startLowering(k.ast, target);
    for (size_t s = 0; s < uops::codegenStages().size(); ++s) {
      Clock::time_point stageStart = Clock::now();
      uops::codegenStages()[s].run(lowered);
      t.perStage[s].second += msSince(stageStart);
    }
    t.perKernel.emplace_back(lowered.name.text, msSince(start));
  }
  return t;
}

void benchCompile(const BenchCompileOptions& options) {
  uops::program::prepareLibraries();
  nlohmann::ordered_json programs = nlohmann::ordered_json::array();
  for (const std::string& path : options.paths) {
    ProgramTiming t = time(path, options);
    if (options.json) {
      nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
      for (const auto& [name, ms] : t.perKernel) kernels.push_back({{"name", name}, {"lower_ms", ms}});
      nlohmann::ordered_json stages = nlohmann::ordered_json::array();
      for (const auto& [name, ms] : t.perStage) stages.push_back({{"stage", name}, {"lower_ms", ms}});
      programs.push_back({{"file", t.file}, {"lower_ms", t.lowerMs}, {"kernels", t.kernels},
                          {"per_kernel", kernels}, {"per_stage", stages}});
      continue;
    }
    std::cout << fmt::format("{}: {:.2f} ms to rendered source, {} kernels\n", t.file, t.lowerMs, t.kernels);
    for (const auto& [name, ms] : t.perKernel) std::cout << fmt::format("  {:<32} {:8.3f} ms\n", name, ms);
    std::cout << "  each kernel alone, by stage:\n";
    for (const auto& [name, ms] : t.perStage) std::cout << fmt::format("  {:<32} {:8.3f} ms\n", name, ms);
  }
  if (options.json) std::cout << uops::formatJsonLine({{"programs", programs}}) << "\n";
}

} // namespace

void addBenchCompileCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench-compile",
                                 "time to lower programs to rendered source (no machine code), per program and kernel");
  auto options = std::make_shared<BenchCompileOptions>();
  cmd->add_option("programs", options->paths, "tensor programs (.py)")->required();
  addModulePathFlag(cmd);
  cmd->add_flag("--json", options->json, "one JSON object (../shared/bench/README.md)");
  cmd->add_flag("--no-opt", options->noOpt, "no heuristic OptOps");
  cmd->add_option("--repeat", options->repeat, "lower each program this many times and keep the best")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd->callback([options] { benchCompile(*options); });
}

} // namespace uopc
