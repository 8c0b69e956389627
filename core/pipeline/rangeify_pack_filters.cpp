// Filters packed with the output channels innermost, for a convolution whose
// padded window slides two columns a step (a stride-2 convolution). Its input
// row is read every other element, so vectors along the output row need a
// masked read of twice the lanes and a shuffle each; vectors along the output
// channels need none, every input element is one broadcast, but the OIHW
// filters put the output channels in*kh*kw elements apart (576 for 64 input
// channels: a gather per vector). A copy of the filters as [in, kh, kw, out]
// (one pass over a few hundred KiB) makes each filter vector one load, and
// core/opt/conv_rules.cpp tiles the output channels as vectors. On an AVX2
// Zen 3 (2 cores, loaded machine, five alternating rounds of 20 runs, median
// CPU time per run, copy included) the stride-2 3x3 on 16 x 64 x 56 x 56 went
// 170 -> 100 ms (each round's median wall time 1.6-2.4x shorter); MCA's
// prediction for the convolution 40 -> 18 ms a call.
//
// The copy is a Contiguous of a Permute of the filters (their broadcast axes
// shrunk to one element), read back through the inverse Permute and the
// Expand, so the values are unchanged.
#include "core/pipeline/product_operands.h"
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/rewrite/rule.h"

#include <algorithm>
#include <optional>

namespace uops {
namespace {

// the output channels, as vectors of 8 float32
constexpr int64_t kChannelMultiple = 8;

bool isReducedAxis(const Ints& axes, size_t i) {
  return std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
}

// Whether `operand` is a view of a Pad whose image rows (W long) the reduction
// `r` slides over two columns a step: no kept axis W long, one (W + 1) / 2.
bool stridedPaddedWindow(const UOp& r, const UOpPtr& operand) {
  const std::vector<UOpPtr> chain = viewsDownToPad(operand);
  if (chain.empty()) return false;
  const Shape& image = chain.back()->src(0)->shape();
  if (image.empty() || image.back() < 2) return false;
  const Shape& in = r.src(0)->shape();
  const Ints& axes = r.argAs<ReduceArg>().axes;
  bool half = false;
  for (size_t i = 0; i < in.size(); ++i) {
    if (isReducedAxis(axes, i)) continue;
    if (in[i] == image.back()) return false;
    half = half || in[i] == (image.back() + 1) / 2;
  }
  return half;
}

// The one kept axis of `r` the filters vary along (the output channels), where
// it is a whole number of vectors and not innermost already.
std::optional<size_t> outputChannels(const UOp& r, const UOp& filters) {
  const std::optional<Strides> st = viewStrides(filters);
  if (!st) return std::nullopt;
  const Ints& axes = r.argAs<ReduceArg>().axes;
  std::optional<size_t> out;
  for (size_t i = 0; i < st->size(); ++i) {
    if ((*st)[i] == 0 || isReducedAxis(axes, i)) continue;
    if (out) return std::nullopt;
    out = i;
  }
  const Shape& s = filters.shape();
  if (!out || (*st)[*out] == 1 || s[*out] % kChannelMultiple != 0) return std::nullopt;
  return out;
}

// the filters read from a copy with `channels` innermost
UOpPtr packedFilters(const UOpPtr& filters, size_t channels) {
  const Shape& s = filters->shape();
  const std::optional<Strides> st = viewStrides(*filters);
  Shape single = s; // one element along broadcast axes
  for (size_t i = 0; i < s.size(); ++i)
    if ((*st)[i] == 0) single[i] = 1;
  Ints order;
  for (size_t i = 0; i < s.size(); ++i)
    if (i != channels) order.push_back(static_cast<int64_t>(i));
  order.push_back(static_cast<int64_t>(channels));
  Ints inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  UOpPtr copy = permute(shrink(filters, Shape(s.size(), 0), single), order);
  copy = UOp::make(Op::Contiguous, copy->dtype(), {copy});
  return expand(permute(copy, inverse), s);
}

// Whether `r` sums over input channels and a 2-D window: three axes longer
// than one (a depthwise window sums one channel, its filters are no tile's).
bool sumsChannelsAndPlaneWindow(const UOp& r) {
  const Shape& in = r.src(0)->shape();
  int longAxes = 0;
  for (int64_t a : r.argAs<ReduceArg>().axes) longAxes += in[static_cast<size_t>(a)] > 1;
  return longAxes >= 3;
}

// Reduce(Add, window * filters), the window strided over a Pad -> the filters
// from a copy with the output channels innermost.
UOpPtr packStridedFilters(const Match& m) {
  const UOp& r = *m.root();
  if (r.src(0)->op() != Op::Mul || r.src(0)->src().size() != 2 || !sumsChannelsAndPlaneWindow(r)) return nullptr;
  const UOpList& operands = r.src(0)->src();
  const auto window = std::find_if(operands.begin(), operands.end(),
                                   [&](const UOpPtr& o) { return stridedPaddedWindow(r, o); });
  if (window == operands.end()) return nullptr;
  return withProductOperands(r, [&](const UOpPtr& o) -> UOpPtr {
    if (o == *window) return nullptr;
    const std::optional<size_t> channels = outputChannels(r, *o);
    return channels ? packedFilters(o, *channels) : nullptr;
  });
}

} // namespace

const PatternMatcher& pmPackStridedFilters() {
  static const PatternMatcher pm{
      // Reduce(Add, strided padded window * filters) -> filters from a copy, output channels innermost
      rule("pack strided conv filters", UPat::op(Op::Reduce), packStridedFilters),
  };
  return pm;
}

} // namespace uops
