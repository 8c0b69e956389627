// The pipeline runner: runs the lowering stages in order on a tensor graph
// and records what each did, per stage and, after Rangeify, per kernel: the
// result (a snapshot: a root is a whole graph) and, when tracing, every
// graphRewrite step the stage ran. The explorer and uopc read these records.
//
// Stages after Rangeify (codegen.h) work on one kernel at a time; they run
// stage by stage over all kernels, so the records of a stage are together.
#pragma once

#include "core/pipeline/codegen.h"
#include "core/pipeline/lowering_filter.h"
#include "core/pipeline/rangeify.h"
#include "core/pipeline/schedule.h"
#include "core/rewrite/trace.h"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

// Where a run is: the stage it starts and, for a kernel stage, the kernel.
// `done` of `total` steps are finished: Callify, Rangeify, then every codegen
// stage of every kernel (`total` is 2 until Rangeify has made the kernels).
struct PipelineProgress {
  std::string stage{};
  std::string kernel{}; // empty for whole-program stages
  size_t done = 0;
  size_t total = 2;
};

// Thrown by runPipeline when its cancel flag was set.
struct PipelineCancelled : std::runtime_error {
  PipelineCancelled() : std::runtime_error("lowering cancelled") {}
};

struct PipelineOptions {
  bool trace = true; // record every graphRewrite of every stage
  // the codegen stages run for this target; without one the run ends after Rangeify
  std::optional<CodegenTarget> target = cpuTarget();
  // Rangeify's choices for in-order loops (rangeify.h); those `target` does not
  // want are off (rangeifyOptionsFor). A run without a target that lists a GPU
  // run's kernels passes the GPU's options.
  RangeifyOptions rangeify{};
  // A kernel that runs where `target` does not generate code (a program on a
  // device tuple mixing kinds, CPU and CL:0): its own target; none: `target`.
  std::function<std::optional<CodegenTarget>(const ScheduledKernel&)> kernelTarget{};
  // Told before each stage (of each kernel), possibly from several worker
  // threads at once.
  std::function<void(const PipelineProgress&)> progress{};
  // Set from another thread, the run stops before its next stage (of any
  // kernel) and runPipeline throws PipelineCancelled.
  const std::atomic<bool>* cancel = nullptr;
  // Collect the stages' remarks (core/remarks): Rangeify's in
  // PipelineRun::remarks, each kernel's in LoweredKernel::remarks.
  bool remarks = false;
  // Rule applications to skip (lowering_filter.h); each kernel is then
  // lowered itself, so the numbering is that of a traced run.
  const LoweringFilter* filter = nullptr;
};

// OptOps per kernel, by schedule index; other kernels get the target's default.
using KernelOpts = std::map<size_t, std::vector<Opt>>;

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
  std::vector<LoweredKernel> kernels; // per schedule kernel: as far as codegen got
  std::vector<Remark> remarks{};      // Rangeify's (fusion), when asked: kernel_remarks.h places them

  // The records of one stage (kernel stages: one per kernel), in schedule order.
  std::vector<const StageRecord*> records(const std::string& stage) const;

  bool failed() const { return !stages.empty() && stages.back().failed(); }
  // Kernel i's name after Optimize; Rangeify's name for it where Optimize did not get there.
  const std::string& kernelName(size_t i) const;
};

// Runs Callify, Rangeify, then each codegen stage on each kernel. A stage that
// throws ends the run: its record carries the message (and the trace up to
// the failing rule); nothing escapes but PipelineCancelled.
PipelineRun runPipeline(const std::vector<UOpPtr>& outputs, const PipelineOptions& options = {},
                        const KernelOpts& opts = {});

} // namespace uops
