// The pieces of a concatenation that sum (convolutions, matmuls) are realized
// first, each in a kernel of its own. Tensor.cat adds its pieces, each padded
// to the full length (or stacks them when they are equally long), so without
// this the pieces' reductions all run in the concatenation's kernel: each one
// under the gate of its piece's slice, with the tile the heuristics chose for
// the sum of them. An Inception block's four branches (1x1, 5x5, 3x3 twice and
// a pooled 1x1, 192 channels of 35 x 35) took 4.76 s in one such kernel on 2
// Zen 4 cores, tinygrad's fused kernel 1.2 s; a 1x1 and a 3x3 convolution of
// the same input joined by cat took 2.8 s fused, 1.3 ms with the pieces
// realized (each a convolution with its own tile, the join a copy).
//
// Only pieces of kPieceFrom elements or more: an unrolled RNN's small
// hidden states stay fused, one kernel per step rather than three.
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/shape.h"
#include "core/rewrite/rule.h"

#include <vector>

namespace uops {
namespace {

constexpr int64_t kPieceFrom = 4096;

// Whether the value reads memory: a buffer, a copy, or a value realized first.
bool readsMemory(const UOp& u) {
  for (Op op : {Op::Buffer, Op::Param, Op::Load, Op::After, Op::Contiguous})
    if (u.opsBelow().test(static_cast<size_t>(op))) return true;
  return false;
}

// Whether x computes a reduction over data in the kernel that reads it: a
// Reduce below it that no Contiguous or buffer stands in front of, summing
// loads (a count over index math, an arange or Tensor.rand's counter,
// becomes a closed form: pmReduceCollapse).
bool sumsInItsReader(const UOp& x) {
  const std::vector<const UOp*> order = postOrder(x, [](const UOp& node, size_t i) {
    return node.op() != Op::Contiguous && followsSource(node, i, WalkScope::OutsideBuffers);
  });
  for (const UOp* u : order)
    if (u->op() == Op::Reduce && readsMemory(*u->src(0))) return true;
  return false;
}

bool realizes(const UOp& piece) { return shapeProduct(piece.shape()) >= kPieceFrom && sumsInItsReader(piece); }

UOpPtr contiguous(const UOpPtr& x) { return UOp::make(Op::Contiguous, x->dtype(), {x}); }

// Add(view(Pad(x)), ...) with x summing -> Add(view(Pad(Contiguous(x))), ...)
UOpPtr realizePaddedOperands(const Match& m) {
  UOpList src = m.root()->src();
  bool changed = false;
  for (UOpPtr& operand : src) {
    const std::vector<UOpPtr> chain = viewsDownToPad(operand);
    if (chain.empty() || !realizes(*chain.back()->src(0))) continue;
    UOpList padSrc = chain.back()->src();
    padSrc[0] = contiguous(padSrc[0]);
    operand = overViews(chain, chain.back()->withSrc(std::move(padSrc)));
    changed = true;
  }
  return changed ? m.root()->withSrc(std::move(src)) : nullptr;
}

// Stack(x, ...) with x summing -> Stack(Contiguous(x), ...)
UOpPtr realizeStackedPieces(const Match& m) {
  UOpList src = m.root()->src();
  bool changed = false;
  for (UOpPtr& piece : src) {
    if (piece->op() == Op::Contiguous || !realizes(*piece)) continue;
    piece = contiguous(piece);
    changed = true;
  }
  return changed ? m.root()->withSrc(std::move(src)) : nullptr;
}

} // namespace

const PatternMatcher& pmRealizeSummedPieces() {
  static const PatternMatcher pm{
      rule("realize summed padded operand", UPat::op(Op::Add), realizePaddedOperands),
      rule("realize summed stacked piece", UPat::op(Op::Stack), realizeStackedPieces),
  };
  return pm;
}

} // namespace uops
