// lowerKernel: stages 3-8 for one kernel AST (README.md's contract, as Rangeify
// produces it): Optimize, Expand, Instruction Selection, Linearize,
// Register/Memory Plan, Render, with the bounds check before Linearize. Each
// stage's output is kept as a snapshot (and recorded in the rewrite trace when
// one is on), so the explorer can step through them.
#pragma once

#include "core/ir/uop.h"
#include "core/pipeline/codegen_target.h"
#include "core/pipeline/memory_plan.h"
#include "core/pipeline/optimize.h"
#include "core/render/rendered_kernel.h"
#include "core/remarks/remark.h"

#include <optional>
#include <string>
#include <vector>

namespace uops {

struct StageSnapshot {
  std::string stage; // the spec's stage name: "Optimize", "Expand", ...
  UOpPtr root;       // the kernel after it (a Sink, or the Linear)
};

// One Param of the kernel: what the device must bind to slot `slot`.
struct KernelParam {
  int64_t slot = 0;
  DType dtype;      // the element dtype
  int64_t size = 0; // elements
  bool written = false;
};

struct LoweredKernel {
  CodegenTarget target;
  KernelName name;
  UOpPtr current; // the kernel as the last stage left it (the input before the first)
  // OptOps for Optimize to apply; without them the target's heuristics (if on) choose
  std::optional<std::vector<Opt>> requestedOpts;
  std::vector<Opt> opts; // what Optimize applied
  UOpPtr ast;    // after Optimize (AxisTypes assigned)
  UOpPtr linear; // Linear(...)
  KernelMemoryPlan memory;
  RenderedKernel rendered; // by the target's renderer
  std::vector<KernelParam> params; // by slot, every slot up to the largest
  std::vector<StageSnapshot> stages;
  // Why Optimize and Render chose what they did (kernel_remarks.h), when the
  // pipeline runner was asked for remarks.
  std::vector<Remark> remarks{};
  // The symbolic variables it reads (core/ir/variable.h), by name: its scalar
  // arguments after the buffers, so one compiled kernel runs for every value.
  std::vector<VariableRange> variables{};
};

// One of stages 3-8: advances `kernel.current` and fills its part of the
// LoweredKernel, appending its snapshot to kernel.stages.
struct CodegenStage {
  std::string name; // "Optimize", "Expand", "Instruction Selection", "Linearize",
                    // "Register/Memory Plan", "Render"
  void (*run)(LoweredKernel& kernel);
};

// Stages 3-8 in order. The bounds check runs at the end of Instruction Selection.
const std::vector<CodegenStage>& codegenStages();

// A kernel ready for the first codegen stage.
LoweredKernel startLowering(const UOpPtr& kernelAst, const CodegenTarget& target,
                            std::optional<std::vector<Opt>> opts = std::nullopt);

// Every codegen stage on one kernel, each snapshot also recorded in the trace.
// Throws CodegenError (BoundsError for an access that may be out of bounds) and
// VerifyFailure for a kernel AST that breaks the spec.
LoweredKernel lowerKernel(const UOpPtr& kernelAst, const CodegenTarget& target = cpuTarget(),
                          std::optional<std::vector<Opt>> opts = std::nullopt);

// The Params of a kernel (AST or Linear): dtype, size, whether it is stored to.
std::vector<KernelParam> kernelParams(const UOpPtr& kernel);

} // namespace uops
