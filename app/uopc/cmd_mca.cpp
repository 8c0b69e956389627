// `uopc mca PROGRAM [--kernel K] [--json] [--repeat N] [--no-run]`: LLVM's
// machine-code analyzer on each CPU kernel's innermost loops
// (backends/llvm/loop_throughput.h), the predicted time against the measured one.
#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "backends/llvm/loop_throughput.h"
#include "core/opt/kernel_ranges.h"
#include "core/program/scheduled_run.h"
#include "core/runtime/json_output.h"

#include <iostream>
#include <map>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct McaOptions {
  LoweringOptions lowering;
  bool json = false;
  bool noRun = false;
  int repeat = 5;
};

// Each kernel's median time by name, from running the program as `uopc run --time` does.
std::map<std::string, double> measuredTimes(const uops::program::LoadedProgram& program, const McaOptions& options) {
  uops::KernelOpts opts;
  if (!options.lowering.opts.empty())
    opts = kernelOptsFor(uops::program::rootsOf(program.outputTensors()), options.lowering.opts,
                         options.lowering.kernel, uops::rangeifyOptionsFor(targetFor(options.lowering)),
                         options.lowering.path);
  uops::RunSettings settings{.repeat = options.repeat, .heuristics = !options.lowering.noOpt, .opts = std::move(opts),
                             .beam = 0, .beamBudgetSeconds = 0, .beamProgress = {}, .beamDone = {}, .inputs = {}};
  std::map<std::string, double> out;
  for (const uops::KernelTimes& k : uops::program::runScheduled(program, "CPU", settings).times)
    out.emplace(k.name, k.medianMs());
  return out;
}

nlohmann::ordered_json portsJson(const std::vector<std::string>& ports, const std::vector<double>& cycles) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (size_t p = 0; p < ports.size(); ++p)
    if (cycles[p] > 0) out[ports[p]] = cycles[p];
  return out;
}

nlohmann::ordered_json loopJson(const uops::LoopThroughput& loop) {
  nlohmann::ordered_json instructions = nlohmann::ordered_json::array();
  for (const uops::ThroughputInstruction& i : loop.instructions)
    instructions.push_back({{"offset", i.offset}, {"text", i.text}, {"uops", i.microOps}, {"latency", i.latency},
                            {"rthroughput", i.reciprocalThroughput}, {"ports", portsJson(loop.ports, i.portCycles)}});
  return {{"start", loop.start}, {"end", loop.end}, {"depth", loop.depth},
          {"cycles_per_iteration", loop.cyclesPerIteration}, {"iterations", loop.iterations},
          {"iterations_note", loop.iterationsNote}, {"bottleneck", loop.bottleneck},
          {"resource_cycles", loop.resourceCycles}, {"dispatch_cycles", loop.dispatchCycles},
          {"stalls", {{"resources", loop.resourceStalls}, {"registers", loop.registerStalls}, {"memory", loop.memoryStalls}}},
          {"ports", portsJson(loop.ports, loop.portCycles)}, {"instructions", instructions}};
}

nlohmann::ordered_json kernelJson(size_t index, const uops::KernelThroughput& t, double measuredMs) {
  nlohmann::ordered_json loops = nlohmann::ordered_json::array();
  for (const uops::LoopThroughput& loop : t.loops) loops.push_back(loopJson(loop));
  auto orNull = [](double v) { return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v); };
  return {{"index", index}, {"name", t.kernel}, {"cpu", t.cpu}, {"clock_mhz", t.clockMHz},
          {"clock_source", t.clockSource}, {"calls", t.calls}, {"parallel", t.parallel},
          {"straight_line", t.straightLine}, {"hot_loop", t.hotLoop()}, {"loops", loops},
          {"predicted_cycles_per_call", orNull(t.predictedCyclesPerCall())}, {"predicted_ms", orNull(t.predictedMs())},
          {"measured_ms", orNull(measuredMs)}, {"note", t.note}};
}

std::string portText(const std::vector<std::string>& ports, const std::vector<double>& cycles) {
  std::string out;
  for (size_t p = 0; p < ports.size(); ++p)
    if (cycles[p] > 0) out += fmt::format("{}{}:{:.2f}", out.empty() ? "" : " ", ports[p], cycles[p]);
  return out;
}

void printLoop(const uops::LoopThroughput& loop, bool straightLine) {
  std::cout << fmt::format("{} 0x{:x}..0x{:x}{}: {:.2f} cycles{}, bottleneck: {}\n",
                           straightLine ? "straight-line code" : "hot loop", loop.start, loop.end,
                           straightLine ? "" : fmt::format(" (depth {})", loop.depth), loop.cyclesPerIteration,
                           straightLine ? " once" : " per iteration", loop.bottleneck);
  std::cout << fmt::format("  iterations per call: {} ({})\n",
                           loop.iterations == 0 ? std::string("unknown") : std::to_string(loop.iterations),
                           loop.iterationsNote);
  std::cout << fmt::format("  bounds per iteration: busiest port {:.2f}, dispatch {:.2f}; waits (cycles of 100 "
                           "iterations): resources {}, register dependencies {}, memory {}\n",
                           loop.resourceCycles, loop.dispatchCycles, loop.resourceStalls, loop.registerStalls,
                           loop.memoryStalls);
  std::cout << "  port pressure per iteration: " << portText(loop.ports, loop.portCycles) << "\n";
  std::cout << fmt::format("  {:>6} {:>4} {:>4} {:>6}  {:<48} {}\n", "offset", "uops", "lat", "rthr", "instruction", "ports");
  for (const uops::ThroughputInstruction& i : loop.instructions)
    std::cout << fmt::format("  {:>6x} {:>4} {:>4} {:>6.2f}  {:<48} {}\n", i.offset, i.microOps, i.latency,
                             i.reciprocalThroughput, i.text, portText(loop.ports, i.portCycles));
}

void printKernel(size_t index, const uops::KernelThroughput& t, double measuredMs) {
  std::cout << fmt::format("==== kernel {} on {} at {:.0f} MHz ({})\n", uops::kernelLabel(index, t.kernel), t.cpu,
                           t.clockMHz, t.clockSource);
  const size_t hot = t.hotLoop();
  printLoop(t.loops[hot], t.straightLine);
  for (size_t i = 0; i < t.loops.size(); ++i)
    if (i != hot)
      std::cout << fmt::format("other loop 0x{:x}..0x{:x} (depth {}): {:.2f} cycles per iteration x {} iterations, "
                               "bottleneck: {}\n",
                               t.loops[i].start, t.loops[i].end, t.loops[i].depth, t.loops[i].cyclesPerIteration,
                               t.loops[i].iterations, t.loops[i].bottleneck);
  if (t.predictedMs() < 0) std::cout << "predicted: " << t.note << "\n";
  else
    std::cout << fmt::format("predicted: {:.0f} cycles per call, {} call{} ({} at once): {:.4f} ms\n",
                             t.predictedCyclesPerCall(), t.calls, t.calls == 1 ? "" : "s", t.parallel, t.predictedMs());
  if (measuredMs >= 0)
    std::cout << fmt::format("measured: {:.4f} ms (median){}\n", measuredMs,
                             t.predictedMs() > 0 ? fmt::format(", {:.2f}x the prediction", measuredMs / t.predictedMs()) : "");
  std::cout << "\n";
}

void mca(const McaOptions& options) {
  if (options.lowering.device != "CPU")
    failWith(fmt::format("uopc mca: the throughput model is for CPU kernels (LLVM's MCA models the host CPU); "
                         "{} is not the CPU",
                         options.lowering.device));
  uops::program::LoadedProgram program = loadOrFail(options.lowering.path, options.lowering.device);
  uops::PipelineRun run = lower(program, options.lowering, false);
  requireSuccess(run, options.lowering.path);
  const std::vector<size_t> kernels = selectedKernels(run, options.lowering.kernel);
  std::map<std::string, double> measured;
  if (!options.noRun) measured = measuredTimes(program, options);
  nlohmann::ordered_json json = {{"kernels", nlohmann::ordered_json::array()}};
  for (size_t i : kernels) {
    const uops::KernelThroughput t = uops::analyzeKernelThroughput(run.kernels[i]);
    const auto m = measured.find(t.kernel);
    const double ms = m == measured.end() ? -1 : m->second;
    if (options.json) json["kernels"].push_back(kernelJson(i, t, ms));
    else printKernel(i, t, ms);
  }
  if (options.json) std::cout << uops::formatJsonLine(json) << "\n";
}

} // namespace

void addMcaCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("mca", "LLVM's machine-code analyzer on each CPU kernel's innermost loops");
  auto options = std::make_shared<McaOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_flag("--json", options->json, "print one JSON object");
  cmd->add_flag("--no-run", options->noRun, "predict only: do not run the program to measure the kernels");
  cmd->add_option("--repeat", options->repeat, "runs of the program to measure each kernel's median time")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->callback([options] {
    try {
      mca(*options);
    } catch (const CLI::RuntimeError&) {
      throw;
    } catch (const std::exception& e) {
      failWith(fmt::format("uopc mca: {}", e.what()));
    }
  });
}

} // namespace uopc
