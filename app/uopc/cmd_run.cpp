#include "app/uopc/commands.h"
#include "app/uopc/devices.h"
#include "app/uopc/lowering.h"

#include "core/export/chrome_trace.h"
#include "core/frontend/load_error.h"
#include "core/opt/kernel_ranges.h"
#include "core/program/device_run.h"
#include "core/program/host_text.h"
#include "core/program/program.h"
#include "core/program/scheduled_run.h"
#include "core/engine/device_registry.h"
#include "core/runtime/json_output.h"
#include "core/runtime/reference_check.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uopc {
namespace {

struct RunOptions {
  std::string path;
  std::string device; // empty: the best device this machine has (devices.h)
  bool json = false;
  bool time = false;
  int repeat = 1;
  bool noOpt = false;
  std::string opts;
  std::string kernel;
  int beam = 0;
  double beamBudget = 120;
  size_t schedule = 0;     // run the schedules up to this one and show its buffers
  bool bySchedule = false; // every schedule separately, then the outputs (the default)
  bool oneGraph = false;   // the whole program as one graph, realization points inlined
  bool check = false;      // compare the outputs with the reference evaluator's
  double checkLimitMb = 2048;
  std::string traceOut; // write the run's timeline here as a Trace Event Format JSON
};

// Without --json: what the program printed, then each output with where it came from.
// What the program printed has been shown as it ran.
void printReadable(const uops::program::LoadedProgram& program, const uops::DeviceRun& run,
                   const std::string& device, size_t schedule) {
  if (schedule > 0 && schedule <= program.schedules.size()) {
    std::cout << "schedule " << uops::program::scheduleLabel(program, schedule) << "\n";
    for (size_t i = 0; i < run.outputs.size(); ++i)
      std::cout << fmt::format("buffer[{}]: {}\n", i, uops::program::describe(run.outputs[i]));
  } else {
    for (size_t i = 0; i < run.outputs.size(); ++i)
      std::cout << fmt::format("out[{}] (line {}): {}\n", i, program.outputs[i].loc.line,
                               uops::program::describe(run.outputs[i]));
  }
  // Kernels take a variable as an argument where it offsets a view or sizes
  // a tensor the methods keep symbolic; its value is folded where it sizes
  // anything else (core/program/README.md, "Symbolic variables"): say which.
  for (const uops::program::VariableBinding& v : program.variables) {
    size_t taking = 0;
    for (const uops::program::RealizedSchedule& s : program.schedules) taking += s.variables.count(v.name);
    std::cout << fmt::format("variable {}: kernels take it as an argument in {} of {} realizations, compiled once "
                             "for its range\n",
                             uops::program::describe(v), taking, program.schedules.size());
    if (!v.sized.empty())
      std::cout << fmt::format("variable {}: sizes tensors symbolically ({}): kernels over those take it as an "
                               "argument and compile once\n",
                               v.name, fmt::join(v.sized, ", "));
    if (!v.folded.empty())
      std::cout << fmt::format("variable {}: its value is folded where it sizes a tensor ({}): kernels over those "
                               "lower and compile per value\n",
                               v.name, fmt::join(v.folded, ", "));
  }
  if (!uops::openDevice(device).runsKernels())
    std::cout << fmt::format("device {}: the reference evaluator, no kernels compiled\n", device);
  else
    std::cout << fmt::format("device {}: {} kernels\n", device, run.kernels);
}

// Each output's "devices" (a name, a list for a device tuple, null for a
// device-less value) and "axis" (the shard axis, null when not sharded).
void addPlacements(nlohmann::ordered_json& out, const std::vector<uops::Tensor>& outputs) {
  for (size_t i = 0; i < outputs.size() && i < out["outputs"].size(); ++i) {
    std::vector<std::string> devices = outputs[i].devices();
    nlohmann::ordered_json& o = out["outputs"][i];
    if (devices.empty()) o["devices"] = nullptr;
    else if (devices.size() == 1) o["devices"] = devices[0];
    else o["devices"] = devices;
    std::optional<int64_t> axis = outputs[i].shardAxis();
    o["axis"] = axis ? nlohmann::ordered_json(*axis) : nlohmann::ordered_json(nullptr);
  }
}

// The median over runs of a multi-device run's wall time (first start to last
// end): devices overlap, so it is less than the kernels' sum.
double medianRunMs(const std::vector<uops::TimelineEvent>& timeline) {
  std::map<int, double> span;
  for (const uops::TimelineEvent& e : timeline) span[e.run] = std::max(span[e.run], e.endMs);
  std::vector<double> spans;
  for (const auto& [run, ms] : span) spans.push_back(ms);
  std::sort(spans.begin(), spans.end());
  return spans.empty() ? 0 : spans[spans.size() / 2];
}

// The last run's items: [{"device", "name", "copy", "start_ms", "end_ms"}].
nlohmann::ordered_json timelineJson(const std::vector<uops::TimelineEvent>& timeline) {
  int last = 0;
  for (const uops::TimelineEvent& e : timeline) last = std::max(last, e.run);
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const uops::TimelineEvent& e : timeline)
    if (e.run == last)
      out.push_back({{"device", e.device}, {"name", e.name}, {"copy", e.copy}, {"start_ms", e.startMs}, {"end_ms", e.endMs}});
  return out;
}

// With --time --repeat N (N > 1) the program runs once more first: that run
// pays what later ones do not (pages and caches first touched, the worker
// pool's threads waking; a 16M-float sum took 1.52 ms, then 1.27, 1.08 and
// about 1.0 from there), and the peers' harnesses (tinygrad's, PyTorch's)
// warm up before they time too. Its kernel times are kept apart (first_ms),
// out of the medians, and its timeline events are dropped.
std::vector<double> takeWarmUpRun(uops::DeviceRun& result) {
  std::vector<double> first;
  for (uops::KernelTimes& k : result.times) {
    first.push_back(k.ms.empty() ? 0.0 : k.ms.front());
    if (k.ms.size() > 1) k.ms.erase(k.ms.begin());
  }
  std::erase_if(result.timeline, [](const uops::TimelineEvent& e) { return e.run == 0; });
  for (uops::TimelineEvent& e : result.timeline)
    --e.run;
  return first;
}

// ../shared/bench/README.md: {"kernels": [{"name", "median_ms", "min_ms"}], "total_median_ms"},
// each kernel also with its place in the schedule ("index": kernelLabel's number)
// and, after a warm-up run, that run's time ("first_ms")
nlohmann::ordered_json timingJson(const std::vector<uops::KernelTimes>& times,
                                  const std::vector<double>& first) {
  nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
  double total = 0;
  for (size_t i = 0; i < times.size(); ++i) {
    const uops::KernelTimes& k = times[i];
    kernels.push_back({{"index", i}, {"name", k.name}, {"median_ms", k.medianMs()}, {"min_ms", k.minMs()}});
    if (i < first.size()) kernels.back()["first_ms"] = first[i];
    total += k.medianMs();
  }
  return {{"kernels", kernels}, {"total_median_ms", total}};
}

// The auto-batched calls' VM runs, start to halt, compilation excluded.
double loadTimeRunMs(const uops::program::LoadedProgram& program) {
  double total = 0;
  for (const uops::program::LoadTimeRun& r : program.loadTimeRuns) total += r.runMs;
  return total;
}

void printLoadTimeRuns(const uops::program::LoadedProgram& program) {
  for (const uops::program::LoadTimeRun& r : program.loadTimeRuns)
    std::cout << "  @autobatch " << r.summary << "\n";
}

void printTimes(const std::vector<uops::KernelTimes>& times, int repeat,
                const std::vector<double>& first) {
  double total = 0;
  std::cout << fmt::format("kernel times over {} run{}{}:\n", repeat, repeat == 1 ? "" : "s",
                           first.empty() ? "" : " after a warm-up run");
  for (size_t i = 0; i < times.size(); ++i) {
    const uops::KernelTimes& k = times[i];
    std::cout << fmt::format("  {:<32} median {:10.4f} ms   min {:10.4f} ms",
                             uops::kernelLabel(i, k.name), k.medianMs(), k.minMs());
    if (i < first.size()) std::cout << fmt::format("   first {:10.4f} ms", first[i]);
    std::cout << "\n";
    total += k.medianMs();
  }
  std::cout << fmt::format("  {:<32} median {:10.4f} ms\n", "total", total);
}

const char* checkStatus(uops::ReferenceCheck::Status s) {
  switch (s) {
  case uops::ReferenceCheck::Status::Matched: return "matched";
  case uops::ReferenceCheck::Status::Differs: return "differs";
  case uops::ReferenceCheck::Status::Skipped: return "skipped";
  case uops::ReferenceCheck::Status::Cancelled: return "cancelled";
  case uops::ReferenceCheck::Status::Failed: return "failed";
  }
  return "failed";
}

// The outputs' schedule as it ran, every run of it, for ui.perfetto.dev.
void writeTrace(const std::string& path, const uops::DeviceRun& run) {
  std::ofstream out(path, std::ios::binary);
  out << uops::chromeTrace(run.timeline, run.launches).dump(1) << "\n";
  out.close();
  if (!out) failWith(fmt::format("uopc run: cannot write the trace to {}", path));
}

// Every option that does not apply to the chosen device or to the other
// options is an error that says why, never a silent no-op.
void checkApplies(const RunOptions& options, const CLI::App& cmd) {
  auto given = [&](const char* name) { return cmd.count(name) > 0; };
  uops::Device& device = uops::openDevice(options.device);
  if (!device.runsKernels())
    for (const char* flag : {"--beam", "--opts", "--kernel", "--time", "--no-opt", "--repeat"})
      if (given(flag))
        failWith(fmt::format("uopc run: {} does not apply to {}: the reference evaluator compiles no kernels "
                             "(run on CPU, INTERP or CL:<n>)",
                             flag, options.device));
  if (!device.target() && given("--beam"))
    failWith(fmt::format("uopc run: --beam does not apply to {}: BEAM times kernels on hardware, and the "
                         "interpreter's times say nothing about it (run on CPU or CL:<n>)",
                         options.device));
  if (given("--opts") && options.kernel.empty())
    failWith("uopc run: --opts needs --kernel: the kernel (schedule index or name) they apply to");
  if (given("--kernel") && !given("--opts"))
    failWith("uopc run: --kernel selects the kernel --opts applies to; give --opts too");
  if (given("--beam-budget") && !given("--beam")) failWith("uopc run: --beam-budget needs --beam");
  if (given("--repeat") && !given("--time"))
    failWith("uopc run: --repeat runs the compiled program again for --time; give --time too");
  if (!device.runsKernels() && given("--check"))
    failWith(fmt::format("uopc run: --check does not apply to {}: it is the reference evaluator itself", options.device));
  if (given("--check") && given("--schedule"))
    failWith("uopc run: --check compares the program's outputs; it does not go with --schedule");
  if (given("--check-limit") && !given("--check")) failWith("uopc run: --check-limit needs --check");
  if (!device.runsKernels() && given("--trace-out"))
    failWith(fmt::format("uopc run: --trace-out does not apply to {}: the reference evaluator launches no "
                         "kernels (run on CPU, INTERP or CL:<n>)",
                         options.device));
  if (given("--no-opt") && (given("--beam") || given("--opts")))
    failWith("uopc run: --no-opt runs kernels without OptOps; it cannot go with --beam or --opts");
}

void run(const RunOptions& options) {
  // what the program prints shows as it runs (a training loop's losses), and
  // stays on the screen when a later line fails; --json prints one object
  auto streamed = [](std::string_view text) { std::cout << text << std::flush; };
  uops::program::LoadedProgram program =
      loadOrFail(options.path, options.device,
                 options.json ? std::function<void(std::string_view)>{} : streamed);
  // A program whose tensors only reach Python values (a loop printing
  // loss.item() inside main()) ran its schedules while it loaded: what it
  // printed is its result.
  const bool printsOnly = program.outputs.empty();
  if (printsOnly && program.schedules.empty() && program.printed.empty())
    failWith(fmt::format("{}: the program has no outputs: print() a tensor, or end with an "
                         "assignment of a tensor or a list of tensors",
                         options.path));
  uops::DeviceRun result;
  uops::KernelOpts opts;
  std::optional<size_t> upTo;
  if (options.schedule > 0) upTo = options.schedule;
  // As tinygrad runs it unless asked: the realization points ran while the
  // program loaded, the outputs are computed from the buffers they left.
  // --one-graph: everything again as one graph (the same values; kernels may
  // fuse across realization points).
  bool scheduled = !options.oneGraph || upTo;
  const bool warmUp = options.time && options.repeat > 1;
  std::vector<double> first; // the warm-up run's kernel times
  try {
    // --opts name kernels of what the last schedule run computes
    size_t last = upTo.value_or(program.schedules.size() + 1);
    if (!options.opts.empty())
      opts = kernelOptsFor(uops::program::rootsOf(scheduled ? uops::program::scheduleGraphs(program, last)
                                                            : program.outputTensors()),
                           options.opts, options.kernel, rangeifyOptionsOn(options.device), options.path);
    if (printsOnly) {
      result.kernels = program.loadKernels;
    } else {
      uops::RunSettings settings{.repeat = options.repeat + (warmUp ? 1 : 0),
                                 .heuristics = !options.noOpt,
                                 .opts = std::move(opts),
                                 .beam = options.beam,
                                 .beamBudgetSeconds = options.beamBudget,
                                 .beamProgress = {},
                                 .beamDone = {},
                                 .inputs = {}};
      reportBeamOnStderr(settings);
      result = scheduled
                   ? uops::program::runScheduled(program, options.device, settings, upTo)
                   : uops::program::runOnDevice(program.outputTensors(), options.device, settings);
      result.kernels += program.loadKernels; // the realization points' kernels ran too
      if (warmUp) first = takeWarmUpRun(result);
    }
  } catch (const uops::DeviceError& e) {
    failWith(fmt::format("uopc run: {}", e.what()));
  } catch (const std::exception& e) {
    failWith(fmt::format("{}: running the program on {} failed: {}", options.path, options.device,
                         e.what()));
  }
  std::optional<uops::ReferenceCheck> check;
  if (options.check && !printsOnly) {
    // the whole program on the reference evaluator, from its start: what ran
    // while it loaded is checked too
    check = uops::checkAgainstReference(uops::program::rootsOf(program.outputTensors()), {}, result.outputs,
                                        {.maxBytes = static_cast<int64_t>(options.checkLimitMb * 1e6), .cancel = nullptr});
  }
  if (!options.traceOut.empty()) writeTrace(options.traceOut, result);
  if (options.json) {
    // REF compiles no kernels, so it reports 0; compiled devices report their count.
    nlohmann::ordered_json out = uops::runJson(result.outputs, result.kernels);
    addPlacements(out, program.outputTensors());
    for (const uops::program::VariableBinding& v : program.variables)
      out["variables"].push_back({{"name", v.name}, {"min", v.min}, {"max", v.max}, {"values", v.values}});
    if (result.devices > 1) out["copies"] = result.copies;
    if (check)
      out["check"] = {{"status", checkStatus(check->status)}, {"message", check->message},
                      {"largest_difference", check->largestDifference}};
    if (options.time) {
      out["timing"] = timingJson(result.times, first);
      if (result.devices > 1) {
        out["timing"]["run_ms"] = medianRunMs(result.timeline);
        out["timing"]["timeline"] = timelineJson(result.timeline);
      }
      if (!program.loadTimeRuns.empty()) out["timing"]["run_ms"] = loadTimeRunMs(program);
    }
    std::cout << uops::formatJsonLine(out) << "\n";
    if (check && check->status == uops::ReferenceCheck::Status::Differs) throw CLI::RuntimeError(1);
    return;
  }
  printReadable(program, result, options.device, options.schedule);
  if (check) std::cout << "check: " << check->message << "\n";
  if (options.time) printTimes(result.times, options.repeat, first);
  if (options.time) printLoadTimeRuns(program);
  if (check && check->status == uops::ReferenceCheck::Status::Differs) throw CLI::RuntimeError(1);
  if (options.time && result.devices > 1)
    std::cout << fmt::format("  {:<28} median {:10.4f} ms on {} devices, {} copies per run\n", "wall", medianRunMs(result.timeline),
                             result.devices, result.copies);
}

} // namespace

void addRunCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("run", "run a tensor program and print its outputs");
  auto options = std::make_shared<RunOptions>();
  cmd->add_option("program", options->path, "a tensor program (.py, PROGRAM_FORMAT.md)")
      ->required();
  addModulePathFlag(cmd);
  cmd->add_option("--device", options->device,
                  "REF (the reference evaluator), CPU (LLVM JIT), INTERP (kernel interpreter) or CL:<n>; "
                  "default: a GPU where OpenCL has one, else CPU")
      ->transform(deviceNameValidator());
  cmd->add_option("--schedule", options->schedule,
                  "run the schedules up to this one (1-based; one per realization point, the last "
                  "computes the outputs) and print the buffers it computes");
  cmd->add_flag("--by-schedule", options->bySchedule,
                "run each realization point's schedule separately, in order, as tinygrad does (the default)");
  cmd->add_flag("--one-graph", options->oneGraph,
                "compute the outputs again from the program's start as one graph, its realization points "
                "inlined (the same values; kernels may fuse across them)")
      ->excludes("--by-schedule");
  cmd->add_flag("--json", options->json, "print the outputs as one JSON object");
  cmd->add_flag("--check", options->check,
                "also compute the outputs with the reference evaluator (from the program's start) and compare; "
                "exit 1 when they differ");
  cmd->add_option("--check-limit", options->checkLimitMb,
                  "megabytes of values the reference evaluator may hold for --check; above it the check is skipped")
      ->check(CLI::Range(1.0, 1e9))
      ->capture_default_str();
  cmd->add_option("--trace-out", options->traceOut,
                  "write the run's timeline (each device's kernels and copies, every --repeat run) as a "
                  "Chrome / Perfetto trace JSON to this file (open it in ui.perfetto.dev)");
  cmd->add_flag("--time", options->time, "report each kernel's median and minimum run time");
  cmd->add_option(
         "--repeat", options->repeat,
         "timed runs of the compiled program (for --time; above 1, after one untimed warm-up run)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_flag("--no-opt", options->noOpt,
                "no OptOps: kernels as Rangeify made them (default: the hand-coded heuristics)");
  cmd->add_option("--opts", options->opts,
                  "OptOps for one kernel, e.g. \"Split(0, 4, UPCAST); Split(2, 4, UNROLL)\"");
  cmd->add_option("--kernel", options->kernel,
                  "the kernel --opts applies to: its schedule index or its name (before or after Optimize)");
  cmd->add_option("--beam", options->beam,
                  "BEAM search of this width for every kernel before running (results cached on disk)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--beam-budget", options->beamBudget,
                  "seconds BEAM may search each kernel; it then keeps the best found so far (0: no limit)")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  cmd->callback([options, cmd] {
    if (options->device.empty()) options->device = bestDevice();
    try {
      checkApplies(*options, *cmd);
    } catch (const uops::DeviceError& e) {
      failWith(fmt::format("uopc run: {}", e.what()));
    }
    run(*options);
  });
}

} // namespace uopc
