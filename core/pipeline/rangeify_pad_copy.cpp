// Padded convolution inputs copied once: a convolution with padding reads its
// input through a Pad, so every load of the input is gated by the row and the
// column it falls on. The gates depend on the window's loops, which keeps the
// input channels' loop innermost (core/opt/heuristics.cpp hoists the gates out
// of it) and walks the input 12.5 KiB a step on a 56 x 56 image. A copy of the
// padded input (one pass, the zeros written once) leaves the convolution an
// ungated window: its taps unrolled inside the channels' loop, each step
// reading three neighbouring rows (Zen 3 by MCA: 8 cycles per 16 multiply-
// adds, the FMA ports' bound, against 9.5). On an AVX2 Zen 3 (2 cores,
// loaded machine, three alternating rounds of 20 runs, median CPU time per
// run, copy included) conv2d 3x3 on 16 x 64 x 56 x 56 went 92 -> 73 ms.
//
// The copy is a Contiguous of the Pad, read by the same movement ops, so the
// values are unchanged. A convolution whose output channels are whole blocks
// of 8 gets its copy with its filters' first, channels innermost
// (rangeify_pack_filters.cpp); this one serves the others, only where the reduction also sums over input channels
// (an axis of at least kChannelsFrom besides the window: a depthwise window
// reads each input element a handful of times, too few to pay for the copy),
// the window slides one column a step (the output rows as wide as the image's)
// and the rows are kPadCopyRowFrom long or longer. With the copy written in the
// program (three alternating rounds of 3 runs, median CPU time per run):
// ResNet's 28-wide 3x3 202 -> 315 ms (its ungated tile spills), the 14-wide
// 195 -> 185, the stride-2 3x3 on 56 x 56 222 -> 403.
#include "core/pipeline/product_operands.h"
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/rewrite/rule.h"

#include <algorithm>
#include <vector>

namespace uops {
namespace {

constexpr int64_t kChannelsFrom = 8;
// image rows this long or longer are copied
constexpr int64_t kPadCopyRowFrom = 48;

bool isView(Op op) { return op == Op::Reshape || op == Op::Permute || op == Op::Expand || op == Op::Shrink; }

// A reduction over input channels and a window: two axes or more longer than
// one, one of them at least kChannelsFrom long.
bool sumsChannelsAndWindow(const UOp& r) {
  const Shape& in = r.src(0)->shape();
  int longAxes = 0;
  bool channels = false;
  for (int64_t a : r.argAs<ReduceArg>().axes) {
    const int64_t n = in[static_cast<size_t>(a)];
    longAxes += n > 1;
    channels = channels || n >= kChannelsFrom;
  }
  return longAxes >= 2 && channels;
}

// Whether the Pad's image rows are kPadCopyRowFrom long or longer and the reduction
// keeps an output axis as long (a window sliding one column a step, the
// output as wide as the image).
bool slidesAlongLongRows(const UOp& r, const UOp& pad) {
  const Shape& image = pad.src(0)->shape();
  if (image.empty() || image.back() < kPadCopyRowFrom) return false;
  const Shape& in = r.src(0)->shape();
  const Ints& axes = r.argAs<ReduceArg>().axes;
  for (size_t i = 0; i < in.size(); ++i)
    if (in[i] == image.back() && std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) == axes.end())
      return true;
  return false;
}

// Reduce(Add, a * b) over channels and a window, an operand a view of a Pad ->
// the same with that Pad realized first.
UOpPtr copyPaddedOperands(const Match& m) {
  const UOp& r = *m.root();
  if (r.argAs<ReduceArg>().op != Op::Add || r.src(0)->op() != Op::Mul || !sumsChannelsAndWindow(r)) return nullptr;
  return withProductOperands(r, [&](const UOpPtr& o) -> UOpPtr {
    const std::vector<UOpPtr> chain = viewsDownToPad(o);
    return !chain.empty() && slidesAlongLongRows(r, *chain.back()) ? overCopiedPad(chain) : nullptr;
  });
}

// The Pad with a source that sums (a convolution) realized first: read
// through the Pad inside another kernel it would be recomputed per padded
// element, without a schedule of its own. nullptr where the source sums
// nothing or is realized already.
UOpPtr padOverRealizedSum(const UOp& pad) {
  const UOpPtr& source = pad.src(0);
  if (source->op() == Op::Contiguous || !source->opsBelow().test(static_cast<size_t>(Op::Reduce))) return nullptr;
  UOpList src = pad.src();
  src[0] = UOp::make(Op::Contiguous, source->dtype(), {source});
  return pad.withSrc(std::move(src));
}

// The movement ops from `operand` down to the first other node (last).
std::vector<UOpPtr> viewsDown(const UOpPtr& operand) {
  std::vector<UOpPtr> chain{operand};
  while (isView(chain.back()->op())) chain.push_back(chain.back()->src(0));
  return chain;
}

// Reduce(Max, view(Pad(x))), or Reduce(Max, view(Where(mask, Pad(x),
// fill))) (a max pool's padding with -inf), x summing (a max pool over a
// convolution) -> the same over Pad(Contiguous(x)). Sums over a Pad (prefix
// sums, padded matmuls) keep theirs.
UOpPtr realizeSummedPoolSource(const Match& m) {
  const UOp& r = *m.root();
  if (r.argAs<ReduceArg>().op != Op::Max) return nullptr;
  const std::vector<UOpPtr> chain = viewsDown(r.src(0));
  const UOpPtr& base = chain.back();
  UOpPtr replaced;
  if (base->op() == Op::Pad) {
    replaced = padOverRealizedSum(*base);
  } else if (base->op() == Op::Where && base->src(1)->op() == Op::Pad) {
    if (UOpPtr pad = padOverRealizedSum(*base->src(1))) {
      UOpList src = base->src();
      src[1] = std::move(pad);
      replaced = base->withSrc(std::move(src));
    }
  }
  if (!replaced) return nullptr;
  UOpList src = r.src();
  src[0] = overViews(chain, std::move(replaced));
  return r.withSrc(std::move(src));
}

} // namespace

UOpPtr overViews(const std::vector<UOpPtr>& chain, UOpPtr base) {
  for (auto it = chain.rbegin() + 1; it != chain.rend(); ++it) {
    UOpList src = (*it)->src();
    src[0] = std::move(base);
    base = (*it)->withSrc(std::move(src));
  }
  return base;
}

// A source that sums (the previous layer's convolution) is realized first
// (padOverRealizedSum; ResNet-18's 28-wide layers had a 64-channel 3x3 conv
// in the copy's kernel of 30 x 30 outputs, with no tile).
UOpPtr overCopiedPad(const std::vector<UOpPtr>& chain, std::optional<size_t> innermost) {
  UOpPtr pad = padOverRealizedSum(*chain.back());
  if (!pad) pad = chain.back();
  if (!innermost || *innermost + 1 == pad->shape().size())
    return overViews(chain, UOp::make(Op::Contiguous, pad->dtype(), {pad}));
  const auto [order, inverse] = movedLast(pad->shape().size(), std::nullopt, *innermost);
  UOpPtr copy = permute(pad, order);
  return overViews(chain, permute(UOp::make(Op::Contiguous, copy->dtype(), {copy}), inverse));
}

std::pair<Ints, Ints> movedLast(size_t rank, std::optional<size_t> before, size_t last) {
  Ints order;
  for (size_t i = 0; i < rank; ++i)
    if (i != before && i != last) order.push_back(static_cast<int64_t>(i));
  if (before) order.push_back(static_cast<int64_t>(*before));
  order.push_back(static_cast<int64_t>(last));
  Ints inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  return {std::move(order), std::move(inverse)};
}

std::vector<UOpPtr> viewsDownToPad(const UOpPtr& operand) {
  std::vector<UOpPtr> chain = viewsDown(operand);
  if (chain.back()->op() != Op::Pad) return {};
  return chain;
}

const PatternMatcher& pmRealizeSummedPoolSources() {
  static const PatternMatcher pm{
      // Reduce(Max, view(Pad(x))), x summing -> Reduce(Max, view(Pad(Contiguous(x))))
      rule("realize summed pool source", UPat::op(Op::Reduce), realizeSummedPoolSource),
  };
  return pm;
}

const PatternMatcher& pmCopyPaddedWindows() {
  static const PatternMatcher pm{
      // Reduce(Add, view(Pad(x)) * w) over channels and a window -> the Pad realized first
      rule("copy padded window input", UPat::op(Op::Reduce), copyPaddedOperands),
  };
  return pm;
}

} // namespace uops
