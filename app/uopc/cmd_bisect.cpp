#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/ir/text.h"
#include "core/opt/kernel_ranges.h"
#include "core/engine/lowering_bisect.h"
#include "core/program/device_run.h"
#include "core/engine/device.h"
#include "core/engine/device_registry.h"

#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct BisectOptions {
  std::string path;
  std::string device = "CPU";
  double slower = 0;
  int repeat = 5;
  bool wholeGraphs = false;
};

std::string_view bisectFileName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

const char* bisectVerdictText(uops::ProbeVerdict v) {
  switch (v) {
  case uops::ProbeVerdict::Good: return "good";
  case uops::ProbeVerdict::Bad: return "bad";
  case uops::ProbeVerdict::CannotLower: return "cannot lower";
  }
  return "";
}

// The found rewrite: where it is, what it did, the graphs around it.
void printBisectFound(const uops::LoweringBisect& b, bool wholeGraphs) {
  const uops::BisectSearch& s = b.search;
  const uops::StageRecord& record = b.traced.stages[b.place.record];
  const uops::TraceStep& step = record.steps[b.place.step];
  const uops::TraceRewrite& rw = step.rewrites[b.place.rewrite];
  std::cout << fmt::format("first bad rewrite: #{} of {}\n", s.firstBad - 1, b.total);
  std::cout << fmt::format("  stage:   {}\n", record.stage);
  if (!record.kernel.empty())
    std::cout << fmt::format("  kernel:  {}\n", uops::kernelLabel(record.kernelIndex, record.kernel));
  std::cout << fmt::format("  pass:    {} ({}:{})\n", step.name, bisectFileName(step.location.file_name()),
                           step.location.line());
  std::cout << fmt::format("  rule:    {} ({})\n", rw.rule.name(), rw.rule.locationText());
  std::cout << fmt::format("  rewrite: {} of {} in its pass (record {}, step {})\n", b.place.rewrite + 1,
                           step.rewrites.size(), b.place.record, b.place.step);
  std::cout << fmt::format("  with the first {} rewrites: {}\n", s.lastGood, s.good.why);
  std::cout << fmt::format("  with the first {} rewrites: {}\n", s.firstBad, s.bad.why);
  std::cout << "--- matched\n" << uops::printGraph(rw.matched);
  std::cout << "--- replacement\n" << uops::printGraph(rw.replacement);
  if (!wholeGraphs) return;
  std::cout << "--- pass graph before\n" << uops::printGraph(step.rootAfter(b.place.rewrite));
  std::cout << "--- pass graph after\n" << uops::printGraph(step.rootAfter(b.place.rewrite + 1));
}

void runBisect(const BisectOptions& options) {
  uops::program::LoadedProgram program = loadOrFail(options.path, options.device);
  if (program.outputs.empty()) failWith(fmt::format("{}: the program has no outputs to bisect", options.path));
  std::vector<uops::UOpPtr> roots = uops::program::rootsOf(program.outputTensors());
  uops::LoweringBisectOptions settings{
      .slowerPercent = options.slower,
      .repeat = options.repeat,
      .progress = [](size_t, size_t limit, const uops::Probe& p) {
        std::cout << fmt::format("  first {} rewrites: {}: {}\n", limit, bisectVerdictText(p.verdict), p.why);
      },
      .cancel = nullptr};
  std::cout << fmt::format("bisect {} on {}: {}\n", options.path, options.device,
                           options.slower > 0 ? fmt::format("the first rewrite after which the kernels run {}% slower", options.slower)
                                              : std::string("the first rewrite after which the outputs differ from the reference evaluator's"));
  uops::LoweringBisect b;
  try {
    b = uops::bisectLowering(uops::openDevice(options.device), roots, settings);
  } catch (const uops::DeviceError& e) {
    failWith(fmt::format("uopc bisect: {}", e.what()));
  } catch (const std::exception& e) {
    failWith(fmt::format("{}: bisecting on {} failed: {}", options.path, options.device, e.what()));
  }
  const uops::BisectSearch& s = b.search;
  std::cout << fmt::format("{} probes, {} rewrites\n", s.probes, b.total);
  if (!s.cannotLower.empty())
    std::cout << fmt::format("stepped around {} limits that cannot be lowered (neither good nor bad)\n",
                             s.cannotLower.size());
  if (!s.found) failWith(fmt::format("uopc bisect: nothing found: {}", s.message));
  if (s.firstBad - s.lastGood > 1)
    std::cout << fmt::format("the culprit is one of rewrites #{}..#{}: the limits between cannot be lowered; the last of them:\n",
                             s.lastGood, s.firstBad - 1);
  printBisectFound(b, options.wholeGraphs);
}

} // namespace

void addBisectCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("bisect", "find the rewrite after which a program's kernels are wrong (or slower)");
  auto options = std::make_shared<BisectOptions>();
  cmd->add_option("program", options->path, "a tensor program (.py, PROGRAM_FORMAT.md)")->required();
  addModulePathFlag(cmd);
  cmd->add_option("--device", options->device, "a device with a code generator: CPU or CL:<n>")
      ->transform(deviceNameValidator())
      ->capture_default_str();
  cmd->add_option("--slower", options->slower,
                  "find the first rewrite after which the kernels run this many percent slower than with no "
                  "simplification, instead of wrong outputs")
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--repeat", options->repeat, "timed runs per probe with --slower (the best counts)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd->add_flag("--whole-graphs", options->wholeGraphs, "also print the pass's whole graph before and after the rewrite");
  cmd->callback([options] { runBisect(*options); });
}

} // namespace uopc
