#include "core/pipeline/codegen.h"

#include "core/ir/graph_walk.h"
#include "core/ir/variable.h"
#include "core/ir/verify.h"
#include "core/opt/heuristics.h"
#include "core/opt/kernel_ranges.h"
#include "core/render/renderer.h"
#include "core/render/vector_ops.h"
#include "core/pipeline/bounds_check.h"
#include "core/render/codegen_error.h"
#include "core/pipeline/expand.h"
#include "core/pipeline/group_reduce.h"
#include "core/pipeline/instruction_selection.h"
#include "core/pipeline/linearize.h"
#include "core/pipeline/operand_tiles.h"
#include "core/rewrite/rewrite_filter.h"
#include "core/rewrite/trace.h"

#include <fmt/format.h>

namespace uops {
namespace {

const UOp* paramUnder(const UOp* u) {
  while (u->op() != Op::Param && !u->src().empty())
    u = u->src(0).get();
  return u->op() == Op::Param ? u : nullptr;
}

} // namespace

std::vector<KernelParam> kernelParams(const UOpPtr& kernel) {
  std::vector<KernelParam> params;
  auto at = [&](int64_t slot) -> KernelParam& {
    if (slot >= static_cast<int64_t>(params.size())) params.resize(slot + 1);
    params[slot].slot = slot;
    return params[slot];
  };
  for (const UOp* u : nodesWithOps(*kernel, opBit(Op::Param) | opBit(Op::Store))) {
    if (u->op() == Op::Param && u->argAs<ParamArg>().slot >= 0) {
      KernelParam& p = at(u->argAs<ParamArg>().slot);
      p.dtype = u->dtype().base();
      p.size = u->dtype().ptrSize >= 0 ? u->dtype().ptrSize
                                       : (u->shape().empty() ? 1 : u->shape().front());
    }
    if (u->op() == Op::Store)
      if (const UOp* p = paramUnder(u->src(0).get())) at(p->argAs<ParamArg>().slot).written = true;
  }
  return params;
}

LoweredKernel startLowering(const UOpPtr& kernelAst, const CodegenTarget& target,
                            std::optional<std::vector<Opt>> opts) {
  if (kernelAst->op() != Op::Sink)
    throw CodegenError("Optimize",
                       fmt::format("a kernel AST is a Sink, got {}", opName(kernelAst->op())));
  // the contract is checked where the kernel enters codegen
  verifyOrThrow(kernelAst);
  LoweredKernel k;
  k.target = target;
  k.current = kernelAst;
  k.requestedOpts = std::move(opts);
  return k;
}

namespace {

void advance(LoweredKernel& k, std::string stage, UOpPtr root) {
  k.current = std::move(root);
  k.stages.push_back({std::move(stage), k.current});
}

void optimizeStage(LoweredKernel& k) {
  UOpPtr typed = optimize(k.current, k.target);
  OptTarget opt = optTargetOf(k.target);
  if (k.requestedOpts) k.opts = *k.requestedOpts;
  else if (k.target.heuristics) {
    ScopedRewriteListener quiet(nullptr); // the OptOps they try are not the kernel's steps
    ScopedRewriteFilter unfiltered(nullptr); // nor numbered for a filter (lowering_filter.h)
    k.opts = heuristicOpts(typed, opt);
  }
  // an impossible OptOp fails the stage with its reason (OptError)
  k.ast = applyOpts(typed, k.opts, opt);
  k.name = kernelName(k.ast);
  // a GPU's workgroup reads a matmul's operands through local memory
  advance(k, "Optimize", stageOperandTiles(k.ast, k.target));
}

void expandStage(LoweredKernel& k) {
  UOpPtr sink = expand(k.current);
  // workgroups reduce GROUP_REDUCE axes through local memory
  if (k.target.locals) sink = lowerGroupReduces(sink, k.target);
  advance(k, "Expand", sink);
}

void selectStage(LoweredKernel& k) {
  // FracNearest, and Ldexp by its unclamped exponent, are x86 intrinsics on every lane count,
  // which LLVM's vectorizers do not pack: a kernel left to them keeps the clamped exp2
  CodegenTarget target = k.target;
  target.fractionInstruction =
      target.fractionInstruction && explicitVectorsFor(k.ast, target.vectorBits).on;
  UOpPtr sink = selectInstructions(k.current, target);
  verifyOrThrow(sink);
  // the indices are final here: what no proof shows in bounds is gated
  sink = guardUnprovenAccesses(sink);
  // refuse a kernel out of bounds for certain before anything can run it
  checkBounds(sink, k.name.text);
  advance(k, "Instruction Selection", sink);
}

void linearizeStage(LoweredKernel& k) {
  k.linear = linearize(k.current, k.target);
  advance(k, "Linearize", k.linear);
}

void memoryStage(LoweredKernel& k) {
  k.memory = planKernelMemory(k.linear);
  advance(k, "Register/Memory Plan", k.linear);
}

void renderStage(LoweredKernel& k) {
  k.rendered = k.target.renderer->render(k);
  k.params = kernelParams(k.linear);
  k.variables = variablesOf(std::span<const UOpPtr>(&k.linear, 1));
  advance(k, "Render", k.linear);
}

} // namespace

const std::vector<CodegenStage>& codegenStages() {
  static const std::vector<CodegenStage> stages = {
      {"Optimize", optimizeStage},          {"Expand", expandStage},
      {"Instruction Selection", selectStage}, {"Linearize", linearizeStage},
      {"Register/Memory Plan", memoryStage},  {"Render", renderStage},
  };
  return stages;
}

LoweredKernel lowerKernel(const UOpPtr& kernelAst, const CodegenTarget& target,
                          std::optional<std::vector<Opt>> opts) {
  LoweredKernel k = startLowering(kernelAst, target, std::move(opts));
  for (const CodegenStage& stage : codegenStages()) {
    stage.run(k);
    traceSnapshot(stage.name, k.current);
  }
  return k;
}

} // namespace uops
