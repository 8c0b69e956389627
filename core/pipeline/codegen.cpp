#include "core/pipeline/codegen.h"

#include "core/ir/verify.h"
#include "core/pipeline/bounds_check.h"
#include "core/pipeline/codegen_error.h"
#include "core/pipeline/expand.h"
#include "core/pipeline/instruction_selection.h"
#include "core/pipeline/linearize.h"
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
  for (const UOp* u : toposort(*kernel)) {
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

LoweredKernel lowerKernel(const UOpPtr& kernelAst, const CodegenTarget& target) {
  if (kernelAst->op() != Op::Sink)
    throw CodegenError("Optimize",
                       fmt::format("a kernel AST is a Sink, got {}", opName(kernelAst->op())));
  LoweredKernel k;
  auto snapshot = [&](std::string stage, const UOpPtr& root) {
    traceSnapshot(stage, root);
    k.stages.push_back({std::move(stage), root});
  };
  // the contract is checked where the kernel enters codegen
  verifyOrThrow(kernelAst);

  k.ast = optimize(kernelAst, target);
  k.name = kernelName(k.ast);
  snapshot("Optimize", k.ast);

  UOpPtr sink = expand(k.ast);
  snapshot("Expand", sink);

  sink = selectInstructions(sink, target);
  verifyOrThrow(sink);
  snapshot("Instruction Selection", sink);

  // the indices are final here: refuse the kernel before anything can run it
  checkBounds(sink, k.name.text);

  k.linear = linearize(sink, target);
  snapshot("Linearize", k.linear);

  k.memory = planKernelMemory(k.linear);
  snapshot("Register/Memory Plan", k.linear);

  k.llvm = renderLlvm(k.linear, k.memory, k.name.text);
  k.params = kernelParams(k.linear);
  return k;
}

} // namespace uops
