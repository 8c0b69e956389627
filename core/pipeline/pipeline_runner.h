// The pipeline runner: runs the lowering stages in order on a tensor graph
// and records what each did, per stage and, after Rangeify, per kernel: the
// result (a snapshot: a root is a whole graph) and, when tracing, every
// graphRewrite step the stage ran. The explorer and uopc read these records.
//
// Stages after Rangeify work on one kernel AST at a time; they are handed in
// as KernelStages (their files live beside this one), so the runner does not
// change when one is added.
#pragma once

#include "core/pipeline/schedule.h"
#include "core/rewrite/trace.h"

#include <functional>
#include <string>
#include <vector>

namespace uops {

struct KernelStage {
  std::string name; // the spec's stage name: "Optimize", "Expand", ...
  std::function<UOpPtr(const UOpPtr& ast)> run;
};

struct PipelineOptions {
  bool trace = true;                    // record every graphRewrite of every stage
  std::vector<KernelStage> kernelStages; // run on each kernel, in order, after Rangeify
};

struct StageRecord {
  std::string stage{};            // "Callify", "Rangeify", then the kernel stages
  std::string kernel{};           // the kernel's name; empty for whole-program stages
  size_t kernelIndex = 0;         // its place in the schedule (kernel stages only)
  UOpPtr input{};                 // what the stage was given
  UOpPtr result{};                // what it produced; null if it failed
  std::vector<TraceStep> steps{}; // its rewrites, when tracing
  std::string error{};            // why it failed; empty on success

  bool failed() const { return !error.empty(); }
};

struct PipelineRun {
  std::vector<StageRecord> stages; // in the order they ran
  Schedule schedule;               // after Rangeify (empty if it did not get there)
  std::vector<UOpPtr> kernelResults; // per kernel: its AST after the last kernel stage

  bool failed() const { return !stages.empty() && stages.back().failed(); }
};

// Runs Callify, Rangeify, then each kernel stage on each kernel. A stage that
// throws ends the run: its record carries the message (and the trace up to
// the failing rule); nothing escapes.
PipelineRun runPipeline(const std::vector<UOpPtr>& outputs, const PipelineOptions& options = {});

} // namespace uops
