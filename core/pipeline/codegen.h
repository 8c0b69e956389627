// lowerKernel: stages 3-8 for one kernel AST (README.md's contract, as Rangeify
// produces it): Optimize, Expand, Instruction Selection, Linearize,
// Register/Memory Plan, Render, with the bounds check before Linearize. Each
// stage's output is kept as a snapshot (and recorded in the rewrite trace when
// one is on), so the explorer can step through them.
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_target.h"
#include "core/pipeline/optimize.h"
#include "core/render/lowered_kernel.h"

#include <optional>
#include <string>
#include <vector>

namespace uops {

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
