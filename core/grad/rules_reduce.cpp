// Gradients of Reduce (axes kept as 1, so ctx broadcasts back over them).
#include "core/grad/gradient_rules.h"

#include "core/grad/grad_build.h"
#include "core/ir/build.h"
#include "core/tensor/dtype_promotion.h"
#include "core/tensor/tensor.h"

#include <fmt/format.h>

namespace uops::grad {
namespace {

// d max: ctx shared equally among the elements equal to the maximum.
UOpPtr maxReduceGradient(const UOp& node, const UOpPtr& ctx, const Ints& axes) {
  const UOpPtr& x = node.src(0);
  UOpPtr mask = castTo(eq(x, node.ptr()), ctx->dtype());
  return mul(div(mask, reduceSum(mask, axes)), ctx);
}

// d prod x / d x_j = prod_{i != j} x_i: ret / x_j where x_j != 0; where x_j is
// the only zero, the product of the others; where another zero exists, 0.
UOpPtr mulReduceGradient(const UOp& node, const UOpPtr& ctx, const Ints& axes) {
  const UOpPtr& x = node.src(0);
  UOpPtr isZero = eq(x, fillLike(x, 0));
  UOpPtr safeX = select(isZero, fillLike(x, 1), x);
  UOpPtr zeroCount = reduceSum(castTo(isZero, sumAccDType(isZero->dtype())), axes);
  UOpPtr othersProduct = axes.empty() ? safeX : reduce(safeX, Op::Mul, axes);
  UOpPtr onlyZero =
      select(eq(zeroCount, fillLike(zeroCount, 1)), othersProduct, fillLike(othersProduct, 0));
  return mul(ctx, select(isZero, onlyZero, div(node.ptr(), safeX)));
}

} // namespace

SourceGrads reduceGradient(const UOp& node, const UOpPtr& ctx) {
  // A Reduce over Range sources is kernel-level: no tensor gradient.
  if (node.src().size() != 1)
    throw TensorError(
        fmt::format("failed to compute gradient for {} over ranges", opName(node.op())));
  const ReduceArg& arg = node.argAs<ReduceArg>();
  const Shape& shape = node.src(0)->shape();
  // d sum: every element gets ctx.
  if (arg.op == Op::Add) return {broadcastTo(ctx, shape)};
  if (arg.op == Op::Max) return {maxReduceGradient(node, ctx, arg.axes)};
  if (arg.op == Op::Mul) return {mulReduceGradient(node, ctx, arg.axes)};
  throw TensorError(fmt::format("failed to compute gradient for Reduce {}", opName(arg.op)));
}

} // namespace uops::grad
