#include "core/opt/conv_rules.h"

#include "core/ir/reaches.h"
#include "core/ir/shape.h"
#include "core/opt/heuristic_axes.h"
#include "core/symbolic/linear_form.h"
#include "core/symbolic/symbolic.h"

#include <algorithm>
#include <array>
#include <span>
#include <utility>

namespace uops {
namespace {

constexpr int64_t kCacheLineBytes = 64;

// The kernel's one store through an Index; null where it has none or several.
const UOp* convStore(const UOpPtr& ast) {
  const UOp* store = nullptr;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Store) {
      if (store) return nullptr;
      store = u;
    }
  return store && store->src(0)->op() == Op::Index ? store : nullptr;
}

// The coefficient of `r` in the index of the kernel's store (0: none, or no
// single store with a linear index).
int64_t convStoreCoefficient(const UOpPtr& ast, const UOp& r) {
  const UOp* store = convStore(ast);
  if (!store) return 0;
  std::optional<LinearForm> form = linearize(store->src(0)->src(1));
  return form ? coefficientOf(*form, r) : 0;
}

// Whether some load reads every other element along `r` (a stride-2
// convolution's input row: coefficient 2) and none reads consecutive ones.
bool convReadsEveryOtherAlong(const UOpPtr& ast, const UOp& r) {
  bool everyOther = false;
  for (const UOp* u : toposort(*ast)) {
    if (u->op() != Op::Load || u->src(0)->op() != Op::Index) continue;
    std::optional<LinearForm> form = linearize(u->src(0)->src(1));
    if (!form) continue;
    const int64_t c = coefficientOf(*form, r);
    if (c == 1) return false;
    everyOther = everyOther || c == 2;
  }
  return everyOther;
}

// The bytes of the largest buffer a load reads whose index depends on `r`
// (`along`) or does not (a convolution's image and its filters, for r the
// image column).
int64_t convLoadedBytes(const UOpPtr& ast, const UOp& r, bool along) {
  int64_t most = 0;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Load && u->src(0)->op() == Op::Index && reaches(*u->src(0), r) == along)
      most = std::max(most, shapeProduct(u->src(0)->src(0)->shape()) * static_cast<int64_t>(u->dtype().itemSize()));
  return most;
}

// The image rows' loop outside the output channels' where that reads fewer
// bytes from beyond the L1: channel tiles outside re-read the whole image once
// each, row tiles outside the whole filter bank once each (per image).
// Measured (CPU time per run, alternating, loaded machine): the 1x1 33.5 ->
// 24 ms, the stride-2 3x3 23.9 -> 16.2, EfficientNet's 1x1 2.84 -> 2.43,
// conv2d 3x3 unchanged (38.7, 38.9); ResNet's layer3 (2.4 MB of filters
// against 3.2 MB of images) went 30 -> 41 ms that way, so it keeps its order.
// Not where the output goes to memory as written (target.streamingStoreBytes)
// and a tile's rows are no whole cache lines: with the channels inside, the
// line two rows share is written half at a time, a channel loop apart, and
// read for ownership twice. The 1x1 on 56 x 56 to 256 channels (51 MB out,
// one 224-byte row a tile) on 2 Sapphire Rapids cores, the kernel alone,
// minima of 12 runs, 6 alternating rounds: 8.7-10.9 ms rows outside, 6.5-6.9
// channels outside (AVX2's tile of two rows writes 448 bytes, whole lines).
std::optional<TileStep> convRowsOutside(const UOpPtr& ast, const OptTarget& target,
                                        const std::vector<KernelAxis>& outputs,
                                        const KernelAxis& channels, int64_t fc, int64_t fy) {
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  const UOp* store = target.streamingStoreBytes > 0 ? convStore(ast) : nullptr;
  const int64_t item = store ? static_cast<int64_t>(store->src(1)->dtype().itemSize()) : 0;
  if (store && shapeProduct(store->src(0)->src(0)->shape()) * item >= target.streamingStoreBytes &&
      fy * x.size * item % kCacheLineBytes != 0)
    return std::nullopt;
  int64_t images = 1;
  for (size_t i = 2; i < outputs.size(); ++i)
    if (outputs[i].index != channels.index) images *= outputs[i].size;
  const __int128 channelsOutside = __int128{convLoadedBytes(ast, *x.range, true)} * (channels.size / fc);
  const __int128 rowsOutside = __int128{convLoadedBytes(ast, *x.range, false)} * images * (y.size / fy);
  if (y.index < channels.index || rowsOutside >= channelsOutside) return std::nullopt;
  return TileStep{
      Opt{OptOpKind::Swap, channels.index, 0, AxisType::Loop, false, y.index},
      "the rows' loop outside the output channels': the filters re-read per row tile are fewer "
      "bytes than the image re-read per channel tile"};
}

// With AVX2 (16 vector registers), a row of whole vectors that two do not
// divide (56 = 7 x 8) is tiled one vector of columns by two output rows by 4
// output channels: eight accumulators, no column padded. The two rows share
// the input rows of a window taller than one (a 3x3 reads 4 rows for 2 where
// the padded 16-column tile read 3 for 1), and the broadcasts per
// multiply-add stay the gemm's one in two. MCA, conv2d 3x3 on 56 x 56: the
// padded tile's 72 multiply-adds (9 of them on padding) in 36 cycles, this
// tile's 72 all useful in 36. The program's kernels per run on 2 Zen 3
// cores loaded 7 deep (compare.py, five alternating rounds, medians): 163 ->
// 128 ms, PyTorch 230 and 201 ms in the same runs (1.41x -> 1.56x its
// speed); the 1x1 on 56 x 56 78 -> 70 ms. Only ungated rows (a padded input
// arrives copied with its padding, rangeify_pad_copy.cpp): a gated vector of
// the row was computed lane by lane, its accumulators on the stack.
std::optional<RegisterTile> convTileAvx2WholeVectors(const UOpPtr& ast, const OptTarget& target,
                                                     const std::vector<KernelAxis>& outputs,
                                                     const KernelAxis& channels) {
  const int64_t lanes = target.vectorBits / 32;
  const int64_t fc = 4;
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  if (x.size % lanes != 0 || x.size % (2 * lanes) == 0 || y.size % 2 != 0 ||
      channels.size % fc != 0 || channels.size < 2 * fc || loadGatedAlong(ast, *x.range))
    return std::nullopt;
  RegisterTile tile;
  tile.steps.push_back({Opt{OptOpKind::Split, x.index, lanes, AxisType::Upcast, false, 0},
                        "AVX2: one vector of the image row, the row whole vectors, none padded"});
  tile.steps.push_back({Opt{OptOpKind::Split, y.index, 2, AxisType::Upcast, false, 0},
                        "AVX2: two output rows share the input rows of the window"});
  tile.steps.push_back({Opt{OptOpKind::Split, channels.index, fc, AxisType::Upcast, false, 0},
                        "AVX2: output channels reuse the rows' loads, eight accumulators in all"});
  if (std::optional<TileStep> order = convRowsOutside(ast, target, outputs, channels, fc, 2))
    tile.steps.push_back(*order);
  tile.tileAxes = {x.index, channels.index};
  return tile;
}

// With AVX2, a row of two to four vectors that they do not divide (14 wide
// with the next row: 28 floats; 28 wide; 20 wide) is upcast whole, by as many
// output channels as keep eight accumulators (2 for 3 or 4 vectors, 4 for 2):
// no column computed for nothing, where padded to 16 a 14-wide row wasted an
// eighth of its multiply-adds and a 28-wide one a seventh. The program's
// kernels per run on 2 Zen 3 cores loaded 7 deep (compare.py, five
// alternating rounds, medians): ResNet's 14-wide 3x3 layer3 395 -> 223 ms,
// its 28-wide 3x3 (16 x 128 x 28 x 28) 432 -> 193, EfficientNet's 28-wide
// 1x1 18.1 -> 8.3; two rows of 14 by 4 channels (16 accumulators' worth)
// ran 512 ms where 2 channels ran 345 (the kernel alone, three rounds).
std::optional<RegisterTile> convTileAvx2ShortRow(const UOpPtr& ast, const OptTarget& target,
                                                 const std::vector<KernelAxis>& outputs,
                                                 const KernelAxis& channels) {
  const int64_t lanes = target.vectorBits / 32;
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  const int64_t fy = x.size < 2 * lanes && y.size % 2 == 0 ? 2 : 1;
  const int64_t vectors = (fy * x.size + lanes - 1) / lanes;
  if (x.size % lanes == 0 || vectors < 2 || vectors > 4) return std::nullopt;
  const int64_t fc = 8 / vectors >= 4 ? 4 : 2;
  if (channels.size % fc != 0 || channels.size < 2 * fc) return std::nullopt;
  RegisterTile tile;
  tile.steps.push_back({Opt{OptOpKind::Split, channels.index, fc, AxisType::Upcast, false, 0},
                        "AVX2: output channels reuse the row's loads, eight accumulators in all"});
  if (fy > 1)
    tile.steps.push_back(
        {Opt{OptOpKind::Split, y.index, fy, AxisType::Upcast, false, 0},
         "AVX2: a row shorter than two vectors takes the next, consecutive in memory"});
  tile.steps.push_back({Opt{OptOpKind::Split, x.index, x.size, AxisType::Upcast, false, 0},
                        "AVX2: the whole row, innermost, packed into vectors, none padded"});
  if (std::optional<TileStep> order = convRowsOutside(ast, target, outputs, channels, fc, fy))
    tile.steps.push_back(*order);
  tile.tileAxes = {x.index, channels.index};
  return tile;
}

// With AVX2 (16 vector registers), a row that two vectors do not divide is
// padded to a multiple of them (adding at most a quarter), tiled two vectors
// of columns by 4 output channels: the gemm's 16 x 4, eight accumulators, 4
// broadcasts of the filters and 2 loads of the row per 8 multiply-adds, where
// the 8 x 8 tile its 56 columns allowed broadcast once per multiply-add
// (Zen 3's broadcasts share the FMA's ports: 11.5 cycles per 16 FMAs by MCA,
// against 9.7). The rows' loop then runs outside the channels' where that
// reads fewer bytes (convRowsOutside). CPU time per run on 2 Zen 3 cores
// (alternating, medians, loaded machine): conv2d 3x3 on 56 x 56 140 -> 100
// ms (PyTorch's oneDNN 121), ResNet's 28- and 14-wide 3x3 layers 301 -> 195
// and 994 -> 202 ms (14 columns had no tile at all), the 1x1 on 56 x 56 100
// -> 92 ms.
std::optional<RegisterTile> convTileAvx2Padded(const UOpPtr& ast, const OptTarget& target,
                                               const std::vector<KernelAxis>& outputs,
                                               const KernelAxis& channels) {
  const int64_t width = 2 * target.vectorBits / 32;
  const int64_t fc = 4; // eight accumulator vectors: half the registers, as the gemm's
  const KernelAxis& x = outputs[0];
  const int64_t padded = (x.size + width - 1) / width * width;
  if (x.size % width == 0 || 4 * (padded - x.size) > x.size || channels.size % fc != 0 ||
      channels.size < 2 * fc)
    return std::nullopt;
  RegisterTile tile;
  tile.steps.push_back({Opt{OptOpKind::Padto, x.index, width, AxisType::Upcast, false, 0},
                        "AVX2: the image row padded to pairs of vectors, the gemm's 16 x 4 tile"});
  tile.steps.push_back({Opt{OptOpKind::Split, x.index, width, AxisType::Upcast, false, 0},
                        "AVX2: two vectors of the image row, reused by each broadcast filter tap"});
  tile.steps.push_back({Opt{OptOpKind::Split, channels.index, fc, AxisType::Upcast, false, 0},
                        "AVX2: output channels reuse the row's loads, eight accumulators in all"});
  if (std::optional<TileStep> order = convRowsOutside(ast, target, outputs, channels, fc, 1))
    tile.steps.push_back(*order);
  tile.tileAxes = {x.index, channels.index};
  return tile;
}

// Whether the filters arrive in blocks of one vector of output channels, the
// block innermost (core/pipeline/rangeify_pack_filters.cpp): split by the
// vector's lanes, some load reads consecutive elements along the lanes.
bool filtersInChannelBlocks(const UOpPtr& ast, const OptTarget& target, const KernelAxis& channels) {
  const int64_t lanes = target.vectorBits / 32;
  if (channels.size % lanes != 0) return false;
  try {
    const UOpPtr split =
        simplify(applyOpt(ast, Opt{OptOpKind::Split, channels.index, lanes, AxisType::Upcast, false, 0}, target));
    return loadReadsConsecutivelyAlong(split, *kernelAxes(split).back().range);
  } catch (const OptError&) {
    return false;
  }
}

// An UPCAST of `f` split from axis `a`, where f is more than one.
void upcastPart(RegisterTile& tile, const KernelAxis& a, int64_t f, std::string why) {
  if (f > 1) tile.steps.push_back({Opt{OptOpKind::Split, a.index, f, AxisType::Upcast, false, 0}, std::move(why)});
}

// The reduction's loops with the longest innermost (the input channels but
// for a few, under a large window): each step the next filter vector of the
// block and the next input element.
std::vector<TileStep> inputChannelsInnermost(const UOpPtr& ast) {
  std::vector<KernelAxis> reductions;
  for (const KernelAxis& a : kernelAxes(ast))
    if (a.type == AxisType::Reduce) reductions.push_back(a);
  const auto inputs = std::max_element(reductions.begin(), reductions.end(),
                                       [](const KernelAxis& a, const KernelAxis& b) { return a.size < b.size; });
  std::vector<TileStep> steps;
  for (auto a = inputs; a != reductions.end() && a + 1 != reductions.end(); ++a)
    steps.push_back(
        {Opt{OptOpKind::Swap, a->index, 0, AxisType::Reduce, false, (a + 1)->index},
         "the input channels' loop innermost, each step the next filter vector of the block"});
  return steps;
}

// Output positions of a pair tile: columns, rows, images.
using Positions = std::array<int64_t, 3>;

// With AVX2, a convolution whose filters arrive in blocks of 8 output
// channels and whose input arrives with its channels innermost
// (rangeify_pack_filters.cpp), 16 output channels or a multiple: two vectors
// of channels by four output positions (2 columns by 2 rows, else 4 along
// one, else with 2 or 4 images): 8 accumulators, two filter loads and four
// broadcasts per 8 multiply-adds (Zen 3 by MCA: the FMA ports' bound, where
// one vector by 14 positions took 9.3 cycles per 14: its broadcasts share a
// port with the FMAs). Each step of the input channels' loop reads the next
// 32 bytes of both filter vectors and the next float of the four positions'
// pixels: sequential streams, where the channels' planes put every step on
// new lines. On the AVX2 Zen 3 (2 cores, kernels alone, alternating runs,
// medians): ResNet's 14-wide 3x3 layer (16 x 256 x 14 x 14, 256 filters)
// 42 -> 28 ms, its 28-wide (128 channels) 38 -> 28, its 7-wide layer4 (512)
// 57 -> 26 with 4 images, the stride-2 3x3 on 56 x 56 21 -> 15, a 7x7
// stride-2 stem on 3 channels (16 x 3 x 224 x 224, 64 filters; one vector of
// channels by 14 positions before) 37 -> 28.
constexpr std::array<Positions, 6> kAvx2PairPositions{
    {{2, 2, 1}, {4, 1, 1}, {1, 4, 1}, {2, 1, 2}, {1, 2, 2}, {1, 1, 4}}};

// With AVX-512 (32 vector registers, Intel's broadcasts on the load ports),
// the same tile over 8 output positions, else 7 (rows of 7, 14, 28: no
// padding), else the AVX2 tile's 4: 16 or 14 accumulators, enough
// independent chains for two FMA pipes of latency 4. Sapphire Rapids (2
// cores, the kernel alone, medians of 7): the stride-2 3x3 on 56 x 56 (128
// filters) 10.3 ms on the blocks with one vector by 4 columns -> 5.6-5.9 ms
// with 4 columns by 2 rows (6.1 with 7 columns, 6.7 with 4); ResNet's 14-wide
// 3x3 (16 x 256 x 14 x 14, 256 filters) 30.9 ms on the planes -> 11.2 with 7
// columns (13.1 with 2 x 2, 11.6 with one vector by 7 x 2).
constexpr std::array<Positions, 14> kAvx512PairPositions{{{4, 2, 1},
                                                          {2, 4, 1},
                                                          {8, 1, 1},
                                                          {1, 8, 1},
                                                          {7, 1, 1},
                                                          {1, 7, 1},
                                                          {4, 1, 2},
                                                          {2, 2, 2},
                                                          {1, 4, 2},
                                                          {2, 1, 4},
                                                          {1, 2, 4},
                                                          {1, 1, 8},
                                                          {2, 2, 1},
                                                          {4, 1, 1}}};

// `vectors` vectors of output channels (two, or four on a Zen) by the first
// output positions of `table` that divide the row, the rows and the images.
std::optional<RegisterTile> convChannelPairTile(const UOpPtr& ast, const OptTarget& target,
                                                const std::vector<KernelAxis>& outputs,
                                                const KernelAxis& channels,
                                                std::span<const Positions> table, int64_t vectors) {
  const int64_t lanes = target.vectorBits / 32;
  if (channels.size % (vectors * lanes) != 0) return std::nullopt;
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  const KernelAxis* images = nullptr;
  for (size_t i = 2; i < outputs.size() && !images; ++i)
    if (outputs[i].index != channels.index) images = &outputs[i];
  const int64_t imageCount = images ? images->size : 1;
  const auto fits = std::find_if(table.begin(), table.end(), [&](const Positions& p) {
    return x.size % p[0] == 0 && y.size % p[1] == 0 && imageCount % p[2] == 0;
  });
  if (fits == table.end()) return std::nullopt;
  const auto [fx, fy, fi] = *fits;
  RegisterTile tile;
  upcastPart(tile, x, fx, "channels innermost: output columns, each pixel's channels one stream");
  upcastPart(tile, y, fy, "channels innermost: output rows");
  if (images)
    upcastPart(tile, *images, fi, "channels innermost: images (the row allows fewer positions)");
  tile.steps.push_back(
      {Opt{OptOpKind::Split, channels.index, vectors * lanes, AxisType::Upcast, false, 0},
       vectors == 2 ? "two blocks of the packed filters' output channels, a vector each"
                    : "four blocks of the packed filters' output channels, a vector each: a Zen's "
                      "broadcast takes an FP pipe, and each feeds four FMAs"});
  for (TileStep& step : inputChannelsInnermost(ast))
    tile.steps.push_back(std::move(step));
  if (std::optional<TileStep> order =
          convRowsOutside(ast, target, outputs, channels, vectors * lanes, fy))
    tile.steps.push_back(*order);
  tile.tileAxes = {channels.index, x.index};
  return tile;
}

// A convolution whose filters arrive in blocks of one vector of output
// channels (rangeify_pack_filters.cpp) and that the pair tile above does not
// fit (channels not a multiple of two vectors, or no positions of the table)
// is tiled one vector of output channels by up to 7 output columns (an odd
// row up to 13 whole, with AVX-512 15) by up to 3 output rows: with AVX2 at
// most 14 accumulators, one filter vector and one broadcast in the 16
// registers, with AVX-512 at most 16 (EfficientNet-like 5x5, 16 x 32 x 30 x
// 30 to 48 channels, Sapphire Rapids, the kernel alone: 5.5 ms with the
// whole-row tile -> 3.2-3.5 with 5 columns by 3 rows or 6 by 2); each input
// element one broadcast (no gates: the input arrives copied with its
// padding), each filter vector one load. The input channels' loop runs
// innermost, so each step of it reads the next filter vector of the block;
// the rows' loop outside the channels' where that reads fewer bytes
// (convRowsOutside: the stride-2 layer yes, ResNet's 7-wide layer4 with 9.4
// MB of filters no: 151-155 ms against 180-256). On the AVX2 Zen 3 (2 cores,
// medians of 7 runs, the kernel alone): ResNet's 14-wide 3x3 (16 x 256 x 14
// x 14, 256 filters) 55 ms with the whole row by 2 channels -> 30-43 ms; 7
// by 1 38; 7 x 16 channels (two vectors) 60-65 ms (17 registers: the
// accumulators spill); the window's loops innermost instead of the input
// channels' 98-163 ms (LLVM unrolls them and keeps the 9 columns' broadcasts
// of each row, which spills); the stride-2 3x3 on 56 x 56 (128 filters) 35.9
// ms with the earlier 2 columns x 32 channels -> 15.8-18.8 (PyTorch 19).
// (Those times were on the channels' planes; the pair tile's input has its
// channels innermost.)
std::optional<RegisterTile> convChannelTile(const UOpPtr& ast, const OptTarget& target,
                                            const std::vector<KernelAxis>& outputs,
                                            const KernelAxis& channels) {
  const int64_t lanes = target.vectorBits / 32;
  const bool wide = target.vectorBits >= 512;
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  if (!filtersInChannelBlocks(ast, target, channels)) return std::nullopt;
  // On a Zen, each broadcast of an input element takes an FP pipe beside the FMAs (Intel's are
  // loads): four vectors of channels by four positions feed each broadcast to four FMAs, not two
  // (Zen 4 by MCA, a loop step of 32 FMAs: 44 -> 37.35 cycles for the stride-2 3x3 on 56 x 56,
  // the same tile step for the 3x3 on 56 x 56 and ResNet's 14-wide layer)
  if (wide && target.broadcastsOnFpPipes)
    if (std::optional<RegisterTile> quad =
            convChannelPairTile(ast, target, outputs, channels, kAvx2PairPositions, 4))
      return quad;
  if (std::optional<RegisterTile> pair = convChannelPairTile(
          ast, target, outputs, channels,
          wide ? std::span<const Positions>(kAvx512PairPositions) : kAvx2PairPositions, 2))
    return pair;
  const int64_t most = wide ? 16 : 14;
  // the most accumulators up to `most`: columns a divisor of the row up to 7
  // (or an odd row whole), rows 1 to 3; at a tie the more rows. An
  // even row of 8 to 14 columns would leave the renderer vectors along the
  // row, whose stores are consecutive (vector_ops.h; 14 columns by 1 row of
  // ResNet's layer: 110-154 ms against 36-44 for 7 by 2)
  int64_t fx = 1, fy = 1;
  for (int64_t rows = 1; rows <= 3; ++rows)
    for (int64_t cols = 1; cols * rows <= most; ++cols)
      if (y.size % rows == 0 && x.size % cols == 0 && (cols <= 7 || (cols == x.size && cols % 2 == 1 && rows == 1)) &&
          cols * rows >= fx * fy)
        fx = cols, fy = rows;
  if (fx * fy < 4) return std::nullopt;
  RegisterTile tile;
  upcastPart(tile, x, fx,
             "filters in blocks of channels: output columns, each input element one broadcast");
  upcastPart(
      tile, y, fy,
      "filters in blocks of channels: output rows, as many accumulators as the registers allow");
  tile.steps.push_back({Opt{OptOpKind::Split, channels.index, lanes, AxisType::Upcast, false, 0},
                        "a block of the packed filters' output channels as one vector"});
  for (TileStep& step : inputChannelsInnermost(ast))
    tile.steps.push_back(std::move(step));
  if (std::optional<TileStep> order = convRowsOutside(ast, target, outputs, channels, lanes, fy))
    tile.steps.push_back(*order);
  tile.tileAxes = {channels.index, x.index};
  return tile;
}

} // namespace

std::optional<RegisterTile> convTile(const UOpPtr& ast, const OptTarget& target) {
  const int64_t lanes = target.vectorBits / 32;
  if ((target.vectorBits != 256 && target.vectorBits < 512) || target.workItemVectorizer) return std::nullopt;
  const std::vector<KernelAxis> axes = kernelAxes(ast);
  std::vector<KernelAxis> outputs; // innermost first
  bool reduces = false, smallWindow = true;
  for (const KernelAxis& a : axes) {
    if (isOutputType(a.type) && a.size > 1) outputs.insert(outputs.begin(), a);
    if (a.type == AxisType::Reduce) {
      reduces = true;
      smallWindow = smallWindow && a.size > 0 && a.size <= 7;
    }
  }
  if (!reduces || outputs.size() < 2) return std::nullopt;
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  if (convStoreCoefficient(ast, *x.range) != 1 || convStoreCoefficient(ast, *y.range) != x.size) return std::nullopt;
  // the output channels: an axis whose loads that depend on the row do not depend on it
  auto reuser = std::find_if(outputs.begin() + 2, outputs.end(), [&](const KernelAxis& a) {
    return loadReusedAcross(ast, *a.range, x.range.get());
  });
  // packed filters and input (either width): the channel tiles
  if (reuser != outputs.end())
    if (std::optional<RegisterTile> channelTile = convChannelTile(ast, target, outputs, *reuser))
      return channelTile;
  if (target.vectorBits < 512) {
    if (reuser == outputs.end()) return std::nullopt;
    if (!loadReadsConsecutivelyAlong(ast, *x.range)) return std::nullopt;
    if (std::optional<RegisterTile> whole = convTileAvx2WholeVectors(ast, target, outputs, *reuser))
      return whole;
    if (std::optional<RegisterTile> row = convTileAvx2ShortRow(ast, target, outputs, *reuser))
      return row;
    return convTileAvx2Padded(ast, target, outputs, *reuser);
  }
  auto split = [](const KernelAxis& a, int64_t f, std::string why) {
    return TileStep{Opt{OptOpKind::Split, a.index, f, AxisType::Upcast, false, 0}, std::move(why)};
  };
  RegisterTile tile;
  // A stride-2 convolution reads every other input column: the output row
  // (two vectors of it at most: whole, else whole vectors, else the largest
  // part between one and two) by 8 output channels, each load of the row one
  // masked read of twice its lanes and a shuffle (core/render/vector_access.h).
  // Its stride-2 3x3 on 56 x 56 (28 columns by 8 channels) went 71 -> 38 ms
  // of CPU time per run (alternating, loaded machine), then 24 -> 16 with the
  // rows' loop outside (below); an upcast of 4 columns by 16 channels had
  // gathered its four columns lane by lane into 4-float FMAs. Vectors over
  // the output channels would gather the filters (OIHW: 576 floats apart).
  if (convReadsEveryOtherAlong(ast, *x.range)) {
    int64_t fx = x.size <= 2 * lanes ? x.size : x.size % (2 * lanes) == 0 ? 2 * lanes : x.size % lanes == 0 ? lanes : 0;
    for (int64_t d = 2 * lanes - 1; !fx && d > lanes; --d)
      if (x.size % d == 0) fx = d;
    if (reuser == outputs.end() || !fx) return std::nullopt;
    int64_t fc = 0;
    for (int64_t f : {8, 4, 2})
      if (reuser->size % f == 0 && reuser->size >= 2 * f && f * fx <= target.maxCopies) {
        fc = f;
        break;
      }
    if (!fc) return std::nullopt;
    tile.steps.push_back(split(*reuser, fc, "stride 2: output channels reuse each load of the input row"));
    tile.steps.push_back(split(x, fx, "stride 2: the output row, at most two vectors of it, its input row read as "
                                      "every other element"));
    if (std::optional<TileStep> order = convRowsOutside(ast, target, outputs, *reuser, fc, 1))
      tile.steps.push_back(*order);
    tile.tileAxes = {x.index, reuser->index};
    return tile;
  }
  if (!loadReadsConsecutivelyAlong(ast, *x.range) || x.size % lanes == 0) return std::nullopt;
  if (reuser != outputs.end()) {
    // a row shorter than two vectors takes the next row with it
    const int64_t fy = x.size < 2 * lanes && y.size % 2 == 0 ? 2 : 1;
    int64_t fc = 0;
    for (int64_t f : {8, 4, 2})
      if (reuser->size % f == 0 && reuser->size >= 2 * f && f * fy * x.size <= target.maxCopies) {
        fc = f;
        break;
      }
    if (!fc) return std::nullopt;
    tile.steps.push_back(split(*reuser, fc, "image rows not whole vectors: output channels reuse the rows' loads"));
    if (fy > 1)
      tile.steps.push_back(split(y, fy, "a row shorter than two vectors: two output rows, consecutive in memory, make longer vectors"));
    tile.steps.push_back(split(x, x.size, "image rows not whole vectors: the whole row, innermost, packed into vectors"));
    if (std::optional<TileStep> order = convRowsOutside(ast, target, outputs, *reuser, fc, fy))
      tile.steps.push_back(*order);
    tile.tileAxes = {x.index, reuser->index};
    return tile;
  }
  if (reuser == outputs.end() && smallWindow && x.size > lanes && x.size <= target.maxCopies) {
    tile.steps.push_back(split(x, x.size, "depthwise: the whole row is one run of vectors, none of them padded"));
    tile.tileAxes = {x.index};
    return tile;
  }
  return std::nullopt;
}

} // namespace uops
