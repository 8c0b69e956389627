// The switch over every op: each op either has a rule, has no gradient (and
// says why), or cannot be differentiated. No `default:`, so -Wswitch names any
// op added to the dialect without a decision here.
#include "core/grad/gradient_rules.h"

#include "core/grad/grad_build.h"
#include "core/ir/build.h"
#include "core/tensor/tensor.h"

#include <numbers>
#include <stdexcept>

#include <fmt/format.h>

namespace uops::grad {
namespace {

SourceGrads none(const UOp& node) {
  return SourceGrads(node.src().size());
}

[[noreturn]] void unsupported(const UOp& node) {
  throw TensorError(fmt::format("failed to compute gradient for {}", opName(node.op())));
}

} // namespace

SourceGrads localGradient(const UOp& node, const UOpPtr& ctx) {
  using std::numbers::ln2, std::numbers::pi;
  switch (node.op()) {
  // d(a+b) = da + db; broadcast operands are summed back by the walk.
  case Op::Add:
    return {ctx, ctx};
  // d(ab) = b da + a db
  case Op::Mul:
    return {mul(node.src(1), ctx), mul(node.src(0), ctx)};
  // Mulacc = a*b + c, Fma the same rounded once
  case Op::Mulacc:
  case Op::Fma:
    return {mul(node.src(1), ctx), mul(node.src(0), ctx), ctx};
  case Op::Neg:
    return {neg(ctx)};
  case Op::Sub:
    return {ctx, neg(ctx)};
  case Op::Div:
    return divGradient(node, ctx);
  case Op::Max:
    return maxGradient(node, ctx);
  // d(1/x) = -1/x^2 = -ret*ret
  case Op::Recip:
    return {mul(mul(neg(ctx), node.ptr()), node.ptr())};
  // d sin x = cos x = sin(pi/2 - x)
  case Op::Sin:
    return {mul(alu(Op::Sin, {add(fillLike(node.src(0), pi / 2), neg(node.src(0)))}), ctx)};
  // d log2 x = 1 / (x ln 2)
  case Op::Log2:
    return {div(ctx, mul(node.src(0), ln2))};
  // d 2^x = 2^x ln 2
  case Op::Exp2:
    return {mul(mul(node.ptr(), ctx), ln2)};
  // d sqrt x = 1 / (2 sqrt x)
  case Op::Sqrt:
    return {div(ctx, mul(node.ptr(), 2.0))};
  case Op::Pow:
    return powGradient(node, ctx);
  // d(a 2^floor(n)) = 2^floor(n) da; piecewise constant in n
  case Op::Ldexp:
    return {UOp::make(Op::Ldexp, ctx->dtype(), {ctx, node.src(1)}), fillLike(ctx, 0)};
  // d(x - rint(x)) = dx; rint is piecewise constant
  case Op::FracNearest:
    return {ctx};
  // The gradient flows back in the source's dtype, through int casts too (as tinygrad).
  case Op::Cast:
    return {castTo(ctx, node.src(0)->dtype())};
  // Piecewise constant: zero almost everywhere.
  case Op::Trunc:
    return {fillLike(ctx, 0)};
  // The condition selects which branch receives ctx; the condition itself none.
  case Op::Where:
    return {nullptr, select(node.src(0), ctx, fillLike(ctx, 0)),
            select(node.src(0), fillLike(ctx, 0), ctx)};
  // Comparisons are piecewise constant with bool results: no gradient.
  case Op::CmpLt:
  case Op::CmpNe:
  case Op::CmpGt:
  case Op::CmpGe:
  case Op::CmpLe:
  case Op::CmpEq:
  case Op::Not:
    return none(node);
  // Integer and bitwise ops have no derivative. tinygrad raises on these, but
  // the tensor layer builds bool * and + as And / Or where tinygrad keeps Mul /
  // Add (whose gradients vanish at the comparisons below them), so raising
  // would reject programs tinygrad differentiates.
  case Op::Mod:
  case Op::Idiv:
  case Op::Xor:
  case Op::Or:
  case Op::And:
  case Op::Shr:
  case Op::Shl:
  case Op::Threefry:
    return none(node);
  // Movement ops map ctx back through the inverse movement; shape operands get none.
  case Op::Reshape:
    return {reshape(ctx, node.src(0)->shape()), nullptr};
  // The walk sums the expanded axes back to the source's shape.
  case Op::Expand:
    return {ctx, nullptr};
  case Op::Pad:
    return padGradient(node, ctx);
  case Op::Shrink:
    return shrinkGradient(node, ctx);
  case Op::Permute:
    return permuteGradient(node, ctx);
  case Op::Flip:
    return {flip(ctx, node.argAs<Bools>())};
  case Op::Stack:
    return stackGradient(node, ctx);
  case Op::Replicated:
    return replicatedGradient(node, ctx);
  case Op::Load:
    return copyGradient(node, ctx);
  // Reinterpreted bits have no derivative.
  case Op::Bitcast:
    return none(node);
  case Op::Reduce:
    return reduceGradient(node, ctx);
  case Op::Contiguous:
    return {ctx};
  // The backward pass gets the Contiguous the forward pass was spared.
  case Op::ContiguousBackward:
    return {alu(Op::Contiguous, {ctx})};
  // Detach stops gradients; the walk never enters it.
  case Op::Detach:
    return none(node);
  // Leaves: only a Param has a source, its shape operand.
  case Op::Param:
  case Op::Buffer:
  case Op::Const:
  case Op::Binary:
    return none(node);
  case Op::Function:
  case Op::GetTuple:
    throw std::logic_error("Function and GetTuple gradients belong to the walk");
  // Gather: the tensor layer indexes with one-hot masks and never builds Index.
  case Op::Index:
  // Zero-copy views: not built at tensor level.
  case Op::Slice:
  // An opaque Call has no gradient function here; a Tuple only sits in a body.
  case Op::Call:
  case Op::Tuple:
  // Kernel-level and codegen ops live below the tensor graph.
  case Op::Store:
  case Op::Range:
  case Op::End:
  case Op::After:
  case Op::Group:
  case Op::Sink:
  case Op::Linear:
  case Op::Barrier:
  case Op::Ins:
  case Op::Special:
  case Op::If:
  case Op::Endif:
  case Op::Wmma:
  case Op::Custom:
  case Op::AtomicAdd:
  case Op::CustomFunction:
  case Op::Program:
  case Op::Source:
    unsupported(node);
  }
  unsupported(node);
}

} // namespace uops::grad
