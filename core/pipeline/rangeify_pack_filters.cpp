// Convolutions tiled over their output channels (core/opt/conv_rules.cpp,
// AVX2): vectors along the output row read every other input element where
// the padded window slides two columns a step (a stride-2 convolution), and
// rows of fewer than two vectors where rows are short (ResNet's 14- and
// 28-wide layers). Vectors along the output channels need neither: each input
// element is one broadcast, each filter vector one load, if the filters are
// stored with the channels innermost. The OIHW filters put them in*kh*kw
// elements apart (576 for 64 input channels: a gather per vector), so they
// are read from a copy in blocks of 8 output channels, [out / 8, kh, kw, in,
// 8], and the padded input from a copy with its padding (ungated broadcasts)
// and its channels innermost, [n, h, w, c]. The tile's innermost loop walks
// the input channels: each step reads the next 32 bytes of each filter block
// and the next float of each output position's pixel, a few sequential
// streams, where [out / 8, in, kh, kw, 8] filters and the channels' planes
// put every step on new lines (ResNet's 14-wide layer: planes of 1 KiB, filter
// vectors 288 bytes apart) and the loop ran from L2. On the AVX2
// Zen 3 (2 cores, kernels alone, alternating, medians): ResNet's 14-wide 3x3
// (16 x 256 x 14 x 14, 256 filters) 48.8 ms on [in, kh, kw, out] filters,
// 36.6-42 on blocks of 8 with the planes, 28 with the channels innermost;
// the stride-2 3x3 on 56 x 56 (128 filters) 21 -> 15 ms; conv2d 3x3 on 56 x 56
// (64 filters, where rangeify_pad_copy.cpp copied the planes alone) 31 -> 28.
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
#include <stdexcept>

namespace uops {
namespace {

bool isReducedAxis(const Ints& axes, size_t i) {
  return std::find(axes.begin(), axes.end(), static_cast<int64_t>(i)) != axes.end();
}

// Whether `operand` is a view of a Pad whose image rows (W long) the reduction
// `r` slides over one column a step (a kept axis W long) or two (one (W + 1)
// / 2 long).
bool channelVectorWindow(const UOp& r, const UOpPtr& operand) {
  const std::vector<UOpPtr> chain = viewsDownToPad(operand);
  if (chain.empty()) return false;
  const Shape& image = chain.back()->src(0)->shape();
  if (image.empty() || image.back() < 2) return false;
  const Shape& in = r.src(0)->shape();
  const Ints& axes = r.argAs<ReduceArg>().axes;
  for (size_t i = 0; i < in.size(); ++i)
    if (!isReducedAxis(axes, i) && (in[i] == image.back() || in[i] == (image.back() + 1) / 2)) return true;
  return false;
}

// The one kept axis of `r` the filters vary along (the output channels), where
// it is a whole number of blocks and not innermost already.
std::optional<size_t> outputChannels(const UOp& r, const UOp& filters, int64_t block) {
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
  if (!out || (*st)[*out] == 1 || s[*out] % block != 0) return std::nullopt;
  return out;
}

// The reduced axis of `r` that walks the filters' input channels and the axis
// of the padded image it walks: the filters' reduced axis of the largest
// stride (OIHW: the input channels, kh * kw apart), and the image's last axis
// the Pad leaves unpadded (NCHW: the channels; the window's rows and columns
// are padded), where the two are as long. nullopt where they are not.
struct InputChannels {
  size_t reduced = 0;
  size_t image = 0;
};
std::optional<InputChannels> inputChannels(const UOp& r, const UOp& filters, const UOp& pad) {
  const std::optional<Strides> st = viewStrides(filters, true);
  if (!st) return std::nullopt;
  const Shape& in = r.src(0)->shape();
  std::optional<size_t> reduced;
  for (int64_t a : r.argAs<ReduceArg>().axes) {
    const size_t i = static_cast<size_t>(a);
    if (in[i] > 1 && (*st)[i] != 0 && (!reduced || (*st)[i] > (*st)[*reduced])) reduced = i;
  }
  const Shape& padded = pad.shape();
  const Shape& image = pad.src(0)->shape();
  for (size_t j = padded.size(); reduced && j-- > 0;)
    if (padded[j] == image[j]) {
      if (padded[j] != in[*reduced]) return std::nullopt;
      return InputChannels{*reduced, j};
    }
  return std::nullopt;
}

// the filters read from a copy in blocks of `block` along axis `channels`,
// each block's channels innermost and its input channels (`inputs`, where
// known) next
UOpPtr packedFilters(const UOpPtr& filters, size_t channels, int64_t block,
                     std::optional<size_t> inputs) {
  const Shape& s = filters->shape();
  const std::optional<Strides> st = viewStrides(*filters, true);
  Shape single = s; // one element along broadcast axes
  for (size_t i = 0; i < s.size(); ++i)
    if ((*st)[i] == 0) single[i] = 1;
  Shape blocked = single;
  blocked[channels] = single[channels] / block;
  blocked.insert(blocked.begin() + static_cast<std::ptrdiff_t>(channels) + 1, block);
  if (inputs && *inputs > channels) ++*inputs;
  const auto [order, inverse] = movedLast(blocked.size(), inputs, channels + 1);
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
UOpPtr packConvFilters(const Match& m, int64_t block) {
  const UOp& r = *m.root();
  if (r.src(0)->op() != Op::Mul || r.src(0)->src().size() != 2 || !sumsChannelsAndPlaneWindow(r)) return nullptr;
  const UOpList& operands = r.src(0)->src();
  const auto window = std::find_if(operands.begin(), operands.end(),
                                   [&](const UOpPtr& o) { return channelVectorWindow(r, o); });
  if (window == operands.end()) return nullptr;
  const UOpPtr& filters = operands[window == operands.begin() ? 1 : 0];
  const std::optional<size_t> channels = outputChannels(r, *filters, block);
  if (!channels) return nullptr;
  const std::vector<UOpPtr> chain = viewsDownToPad(*window);
  const std::optional<InputChannels> inputs = inputChannels(r, *filters, *chain.back());
  return withProductOperands(r, [&](const UOpPtr& o) -> UOpPtr {
    if (o != *window)
      return packedFilters(o, *channels, block,
                           inputs ? std::optional<size_t>(inputs->reduced) : std::nullopt);
    return overCopiedPad(chain, inputs ? std::optional<size_t>(inputs->image) : std::nullopt);
  });
}

} // namespace

const PatternMatcher& pmPackConvFilters(int64_t block) {
  // Reduce(Add, padded window * filters) -> blocked filters, the window from a copy of the Pad
  auto matcher = [](int64_t b) {
    return PatternMatcher{rule("pack conv filters", UPat::op(Op::Reduce),
                               [b](const Match& m) { return packConvFilters(m, b); })};
  };
  static const PatternMatcher avx2 = matcher(8), avx512 = matcher(16);
  if (block != 8 && block != 16)
    throw std::invalid_argument("pack conv filters: blocks of 8 or 16 channels");
  return block == 8 ? avx2 : avx512;
}

} // namespace uops
