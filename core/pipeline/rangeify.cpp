#include "core/pipeline/rangeify.h"

#include "core/ir/verify.h"
#include "core/pipeline/rangeify_steps.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/substitute_step.h"
#include "core/symbolic/symbolic.h"

#include <stdexcept>

namespace uops {

RangeifyOptions rangeifyOptionsFor(const CodegenTarget& target) {
  return {.rowFusion = target.rowKernels,
          .packOperands = target.packOperands,
          .copyPaddedWindows = target.packOperands && target.vectorBits == 256,
          .convChannelBlock =
              target.packOperands && (target.vectorBits == 256 || target.vectorBits == 512)
                  ? target.vectorBits / 32
                  : 0};
}

UOpPtr rangeify(const UOpPtr& function, const RangeifyOptions& options) {
  verifyOrThrow(function);
  if (function->op() != Op::Function) throw std::invalid_argument("rangeify: expects a Function");
  RangeifyContext ctx;
  ctx.rowFusion = options.rowFusion;
  for (const UOpPtr& out : function->src(0)->src()) ctx.outputShapes.push_back(out->shape());
  // the body over the arguments; literal data is copied to the device first
  UOpPtr body = recordWholeGraph("bind arguments", function, bindArguments(function, ctx));
  // inline nested Functions, drop gradient markers, tidy views: one form per thing
  body = graphRewrite(body, pmEarliestRewrites(), {.name = "earliest rewrites"});
  if (options.packOperands) body = graphRewrite(body, pmPackOperands(), {.name = "pack operands"});
  if (options.packOperands)
    body = graphRewrite(body, pmRealizeSummedPoolSources(), {.name = "realize summed pool sources"});
  if (options.packOperands)
    body = graphRewrite(body, pmRealizeSummedPieces(), {.name = "realize summed cat pieces"});
  // before the kernel split: the copied Pad is a kernel of its own
  if (options.convChannelBlock)
    body = graphRewrite(body, pmPackConvFilters(options.convChannelBlock),
                        {.name = "pack conv filters"});
  if (options.copyPaddedWindows)
    body = graphRewrite(body, pmCopyPaddedWindows(), {.name = "copy padded windows"});
  // the kernel split and the index of every element (tinygrad's run_rangeify)
  body = runRangeify(body, ctx);
  // movement ops become index math, realized values stores into new buffers
  body = graphRewrite(body, pmApplyRangeify(), {.name = "apply rangeify", .context = &ctx});
  noteResultBuffers(body, ctx);
  // cheap buffers are recomputed in their readers; index math simplified
  body = graphRewrite(body, pmSymbolic() + pmReduceSimplify() + pmReduceCollapse() + pmRemoveBufferize(),
                      {.name = "symbolic+reduce_collapse+debuf", .context = &ctx});
  // every store that is left is a kernel of its own
  body = graphRewrite(body, pmSplitKernels(), {.name = "split kernels", .context = &ctx});
  UOpPtr schedule = recordWholeGraph("order the schedule", body, orderSchedule(body, ctx));
  verifyOrThrow(schedule);
  return schedule;
}

} // namespace uops
