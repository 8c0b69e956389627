// Gradients of the elementwise ops with more than a line of law.
#include "core/grad/gradient_rules.h"

#include "core/grad/grad_build.h"
#include "core/ir/build.h"

#include <limits>
#include <numbers>

namespace uops::grad {

// d max(x, y): ctx to the larger operand; a tie splits it in halves (tinygrad's rule).
SourceGrads maxGradient(const UOp& node, const UOpPtr& ctx) {
  const UOpPtr& x = node.src(0);
  const UOpPtr& y = node.src(1);
  UOpPtr tie = select(eq(x, y), mul(ctx, 0.5), fillLike(ctx, 0));
  return {select(less(y, x), ctx, tie), select(less(x, y), ctx, tie)};
}

// d b^e: db = e b^(e-1) (0 where e == 0), de = b^e ln b (where b == 0: 0, or -inf for e < 0).
SourceGrads powGradient(const UOp& node, const UOpPtr& ctx) {
  UOpPtr ret = node.ptr();
  const UOpPtr& b = node.src(0);
  const UOpPtr& e = node.src(1);
  UOpPtr zeroE = fillLike(e, 0);
  UOpPtr lowered = elementwise(Op::Pow, {b, add(e, fillLike(e, -1))});
  UOpPtr db = select(eq(e, zeroE), e, mul(e, lowered));
  UOpPtr atZero = select(less(e, zeroE), fillLike(ret, -std::numeric_limits<double>::infinity()),
                         fillLike(ret, 0));
  UOpPtr lnB = mul(mul(ret, alu(Op::Log2, {b})), std::numbers::ln2);
  UOpPtr de = select(eq(b, fillLike(b, 0)), atZero, lnB);
  return {mul(ctx, db), mul(ctx, de)};
}

// d(a/b): da = 1/b, db = -a/b^2
SourceGrads divGradient(const UOp& node, const UOpPtr& ctx) {
  const UOpPtr& a = node.src(0);
  const UOpPtr& b = node.src(1);
  return {div(ctx, b), mul(neg(ctx), div(a, mul(b, b)))};
}

} // namespace uops::grad
