// Gradients of movement ops: each maps ctx back through the inverse movement.
// Shape operands (the s' and o sources) receive none.
#include "core/grad/gradient_rules.h"

#include "core/grad/grad_build.h"
#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/tensor/tensor.h"

#include <fmt/format.h>

namespace uops::grad {
namespace {

Shape operandValues(const UOp& node, size_t i) {
  auto v = shapeOperandValues(*node.src(i));
  if (!v)
    throw TensorError(fmt::format("failed to compute gradient for {}: symbolic shape operand",
                                  opName(node.op())));
  return *v;
}

// The inverse permutation (tinygrad's argsort of the order).
Ints inverse(const Ints& order) {
  Ints inv(order.size());
  for (size_t i = 0; i < order.size(); ++i)
    inv[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  return inv;
}

} // namespace

// Pad places x at offset o: its gradient is the window at o.
SourceGrads padGradient(const UOp& node, const UOpPtr& ctx) {
  return {shrink(ctx, operandValues(node, 1), node.src(0)->shape()), nullptr, nullptr};
}

// Shrink keeps the window at o: the rest of x gets zeros.
SourceGrads shrinkGradient(const UOp& node, const UOpPtr& ctx) {
  return {pad(ctx, operandValues(node, 1), node.src(0)->shape()), nullptr, nullptr};
}

SourceGrads replicatedGradient(const UOp& node, const UOpPtr& ctx) {
  return {pad(ctx, Shape(node.shape().size(), 0), node.src(0)->shape())};
}

SourceGrads copyGradient(const UOp& node, const UOpPtr& ctx) {
  const DeviceRef& from = node.src(0)->device();
  if (node.src().size() != 1 || !from) return {ctx};
  // Back onto a device tuple from one device: placed as the source is,
  // replicated or sharded on its axis (a Load to the tuple alone would scatter
  // along axis 0, which a scalar loss's gradient does not have). A
  // device-less gradient (a constant) is computed wherever it is used.
  const DeviceRef& at = ctx->device();
  if (from->isTuple() && !at) return {ctx};
  if (from->isTuple() && !at->isTuple()) {
    Tensor g(ctx, at->names[0]);
    std::optional<int> axis = node.src(0)->axis();
    return {(axis ? g.shard(from->names, *axis) : g.to(from->names)).uop()};
  }
  return {UOp::make(Op::Load, ctx->dtype(), {ctx}, LoadArg{*from, AddrSpace::Global})};
}

SourceGrads permuteGradient(const UOp& node, const UOpPtr& ctx) {
  return {permute(ctx, inverse(node.argAs<Ints>()))};
}

// Source i of a Stack is slice i of the new leading axis.
SourceGrads stackGradient(const UOp& node, const UOpPtr& ctx) {
  SourceGrads out;
  for (size_t i = 0; i < node.src().size(); ++i) {
    const Shape& s = node.src(i)->shape();
    Shape offsets(s.size() + 1, 0), kept{1};
    offsets[0] = static_cast<int64_t>(i);
    kept.insert(kept.end(), s.begin(), s.end());
    out.push_back(reshape(shrink(ctx, offsets, kept), s));
  }
  return out;
}

} // namespace uops::grad
