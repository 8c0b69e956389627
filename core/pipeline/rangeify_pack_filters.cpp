// Convolutions tiled over their output channels (core/opt/conv_rules.cpp, AVX2):
// where the padded window slides two columns a step (a stride-2
// convolution), or one column along image rows shorter than
// kPadCopyRowFrom (ResNet's 14- and 28-wide layers), vectors along the output
// row would read every other input element, or rows of fewer than two
// vectors. Vectors along the output channels need neither: each input
// element is one broadcast, each filter vector one load, if the filters are
// stored with the channels innermost. The OIHW filters put them in*kh*kw
// elements apart (576 for 64 input channels: a gather per vector), so they
// are read from a copy in blocks of 8 output channels, [out / 8, in, kh, kw,
// 8]: the reduction then walks each block's filters consecutively, where
// [in, kh, kw, out] put the steps of the input channels' loop kh*kw*out
// floats apart (9 KiB for 256 channels: a new page a step). The padded input
// is copied with its padding as well (rangeify_pad_copy.cpp does so for longer
// rows), so the broadcasts are ungated loads. A copy of a few hundred KiB of
// filters and one pass over the input. On the AVX2 Zen 3 (2 cores, medians of
// 7 runs, kernels alone): ResNet's 14-wide 3x3 (16 x 256 x 14 x 14, 256
// filters) with the tile of conv_rules.cpp 48.8 ms on [in, kh, kw, out]
// filters, 36.6 on blocks of 8; the stride-2 3x3 on 56 x 56 (128 filters)
// 35.9 ms with the earlier 2 x 32 tile on [in, kh, kw, out], 15.8-18.8 now.
//
// The copies are Contiguous nodes read back through the inverse movement ops,
// so the values are unchanged. Filters computed in the program (a model's
// initialization) are packed as they are computed.
#include "core/pipeline/product_operands.h"
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/rewrite/rule.h"

#include <algorithm>
#include <optional>

namespace uops {
namespace {

// the output channels, in blocks of one vector of 8 float32
constexpr int64_t kChannelBlock = 8;

bool isReducedAxis(const Ints& axes, size_t i) {
  return std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
}

// Whether `operand` is a view of a Pad whose image rows (W long) the reduction
// `r` slides over two columns a step (no kept axis W long, one (W + 1) / 2),
// or one column a step (a kept axis W long) with W under kPadCopyRowFrom.
bool channelVectorWindow(const UOp& r, const UOpPtr& operand) {
  const std::vector<UOpPtr> chain = viewsDownToPad(operand);
  if (chain.empty()) return false;
  const Shape& image = chain.back()->src(0)->shape();
  if (image.empty() || image.back() < 2) return false;
  const Shape& in = r.src(0)->shape();
  const Ints& axes = r.argAs<ReduceArg>().axes;
  bool whole = false, half = false;
  for (size_t i = 0; i < in.size(); ++i) {
    if (isReducedAxis(axes, i)) continue;
    whole = whole || in[i] == image.back();
    half = half || in[i] == (image.back() + 1) / 2;
  }
  return whole ? image.back() < kPadCopyRowFrom : half;
}

// The one kept axis of `r` the filters vary along (the output channels), where
// it is a whole number of blocks and not innermost already.
std::optional<size_t> outputChannels(const UOp& r, const UOp& filters) {
  const std::optional<Strides> st = viewStrides(filters, true);
  if (!st) return std::nullopt;
  const Ints& axes = r.argAs<ReduceArg>().axes;
  std::optional<size_t> out;
  for (size_t i = 0; i < st->size(); ++i) {
    if ((*st)[i] == 0 || isReducedAxis(axes, i)) continue;
    if (out) return std::nullopt;
    out = i;
  }
  const Shape& s = filters.shape();
  if (!out || (*st)[*out] == 1 || s[*out] % kChannelBlock != 0) return std::nullopt;
  return out;
}

// the filters read from a copy in blocks of `channels`, each block's
// channels innermost
UOpPtr packedFilters(const UOpPtr& filters, size_t channels) {
  const Shape& s = filters->shape();
  const std::optional<Strides> st = viewStrides(*filters, true);
  Shape single = s; // one element along broadcast axes
  for (size_t i = 0; i < s.size(); ++i)
    if ((*st)[i] == 0) single[i] = 1;
  Shape blocked = single;
  blocked[channels] = single[channels] / kChannelBlock;
  blocked.insert(blocked.begin() + static_cast<std::ptrdiff_t>(channels) + 1, kChannelBlock);
  const size_t lane = channels + 1;
  Ints order;
  for (size_t i = 0; i < blocked.size(); ++i)
    if (i != lane) order.push_back(static_cast<int64_t>(i));
  order.push_back(static_cast<int64_t>(lane));
  Ints inverse(order.size());
  for (size_t i = 0; i < order.size(); ++i) inverse[static_cast<size_t>(order[i])] = static_cast<int64_t>(i);
  UOpPtr copy = permute(reshape(shrink(filters, Shape(s.size(), 0), single), blocked), order);
  copy = UOp::make(Op::Contiguous, copy->dtype(), {copy});
  return expand(reshape(permute(copy, inverse), single), s);
}

// Whether `r` sums over input channels and a 2-D window: three axes longer
// than one (a depthwise window sums one channel, its filters are no tile's).
bool sumsChannelsAndPlaneWindow(const UOp& r) {
  const Shape& in = r.src(0)->shape();
  int longAxes = 0;
  for (int64_t a : r.argAs<ReduceArg>().axes) longAxes += in[static_cast<size_t>(a)] > 1;
  return longAxes >= 3;
}

// Reduce(Add, window * filters), the window over a Pad as above -> the
// filters from a blocked copy, the window from a copy of the Pad.
UOpPtr packConvFilters(const Match& m) {
  const UOp& r = *m.root();
  if (r.src(0)->op() != Op::Mul || r.src(0)->src().size() != 2 || !sumsChannelsAndPlaneWindow(r)) return nullptr;
  const UOpList& operands = r.src(0)->src();
  const auto window = std::find_if(operands.begin(), operands.end(),
                                   [&](const UOpPtr& o) { return channelVectorWindow(r, o); });
  if (window == operands.end()) return nullptr;
  const UOpPtr& filters = operands[window == operands.begin() ? 1 : 0];
  const std::optional<size_t> channels = outputChannels(r, *filters);
  if (!channels) return nullptr;
  return withProductOperands(r, [&](const UOpPtr& o) -> UOpPtr {
    return o == *window ? overCopiedPad(viewsDownToPad(o)) : packedFilters(o, *channels);
  });
}

} // namespace

const PatternMatcher& pmPackConvFilters() {
  static const PatternMatcher pm{
      // Reduce(Add, padded window * filters) -> blocked filters, the window from a copy of the Pad
      rule("pack conv filters", UPat::op(Op::Reduce), packConvFilters),
  };
  return pm;
}

} // namespace uops
