#include "app/uopc/commands.h"
#include "app/uopc/lowering.h"

#include "core/export/graph_dot.h"
#include "core/export/html_report.h"
#include "core/export/report_kernels.h"
#include "core/engine/device_schedule.h"
#include "core/program/device_run.h"
#include "core/program/scheduled_run.h"
#include "core/engine/device_registry.h"
#include "backends/graphviz/dot_svg.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

struct ReportOptions {
  LoweringOptions lowering;
  std::string output;
  std::string stage = "Rangeify";
  int repeat = 5;
  bool noRoofline = false;
};

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The kernels' times over `repeat` runs of the lowering, zeros as inputs (as
// the explorer's Run view runs them); a note instead when it cannot run.
std::vector<uops::KernelTimes> timeKernels(const uops::program::LoadedProgram& program, const ReportOptions& options,
                                           const uops::PipelineRun& run, std::string& note) {
  try {
    const LoweringOptions& l = options.lowering;
    std::vector<uops::UOpPtr> roots = uops::program::rootsOf(
        l.schedule > 0 ? uops::program::scheduleGraphs(program, l.schedule) : program.outputTensors());
    uops::Device& device = uops::openDevice(l.device);
    return uops::runSchedule(device, run, uops::zeroFilledInputs(roots), options.repeat).kernels;
  } catch (const std::exception& e) {
    note = fmt::format("not run: {}", e.what());
    return {};
  }
}

void addGraph(const uops::PipelineRun& run, const std::string& stage, uops::ReportInput& in) {
  const uops::StageRecord* record = uops::reportStage(run, stage);
  if (!record) return;
  in.graphStage = record->stage;
  in.graphDot = uops::graphDot(record->result);
  try {
    in.graphSvg = uops::graphviz::dotToSvg(in.graphDot);
  } catch (const uops::graphviz::DotError& e) {
    std::cerr << fmt::format("uopc report: the graph is shown as DOT text: {}\n", e.what());
  }
}

void addPeaks(const ReportOptions& options, uops::ReportInput& in) {
  if (options.noRoofline) {
    in.peaksNote = "no roofline: uopc report ran with --no-roofline";
    return;
  }
  try {
    in.peaks = uops::openDevice(options.lowering.device).measurePeaks();
  } catch (const std::exception& e) {
    in.peaksNote = fmt::format("no roofline: cannot measure {}'s peaks: {}", options.lowering.device, e.what());
  }
}

void report(const ReportOptions& options) {
  const LoweringOptions& l = options.lowering;
  uops::program::LoadedProgram program = loadOrFail(l.path, l.device);
  uops::PipelineRun run = lower(program, l, false);
  requireSuccess(run, l.path);
  uops::ReportInput in;
  in.title = std::filesystem::path(l.path).filename().string();
  in.program = readText(l.path);
  in.device = l.device;
  std::string runNote;
  std::vector<uops::KernelTimes> times = timeKernels(program, options, run, runNote);
  if (runNote.empty()) in.repeat = options.repeat;
  else std::cerr << "uopc report: " << runNote << "\n";
  in.kernels = uops::reportKernels(uops::openDevice(l.device), run, times);
  addGraph(run, options.stage, in);
  if (runNote.empty()) addPeaks(options, in);
  else in.peaksNote = "no roofline: " + runNote;
  std::ofstream out(options.output, std::ios::binary);
  out << uops::htmlReport(in);
  out.close();
  if (!out) failWith(fmt::format("uopc report: cannot write {}", options.output));
  std::cout << fmt::format("wrote {}: {} kernels on {}, the graph after {}\n", options.output, in.kernels.size(),
                           l.device, in.graphStage);
}

} // namespace

void addReportCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("report", "write a self-contained HTML report of a program: its source, a stage's "
                                           "graph, each kernel's OptOps, source, machine code and times, the roofline");
  auto options = std::make_shared<ReportOptions>();
  addLoweringFlags(cmd, options->lowering);
  cmd->add_option("-o,--output", options->output, "the HTML file to write")->required();
  cmd->add_option("--stage", options->stage, "the whole-program stage whose graph the report shows")
      ->capture_default_str();
  cmd->add_option("--repeat", options->repeat, "timed runs of the kernels")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_flag("--no-roofline", options->noRoofline,
                "do not measure the device's peaks (seconds of work): the report has no roofline");
  cmd->callback([options] { report(*options); });
}

} // namespace uopc
