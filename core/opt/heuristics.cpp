#include "core/opt/heuristics.h"

#include "core/ir/reaches.h"
#include "core/ir/shape.h"
#include "core/opt/conv_rules.h"
#include "core/opt/gpu_heuristics.h"
#include "core/opt/heuristic_axes.h"
#include "core/opt/heuristic_remarks.h"
#include "core/opt/kernel_ranges.h"
#include "core/opt/line_copy_rules.h"
#include "core/opt/transpose_copy_rules.h"
#include "core/opt/wide_matmul_rules.h"

#include "core/remarks/remark_scope.h"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

using Axis = KernelAxis;

// The most elements of one buffer that a load reads whose index does not
// depend on `r` (a value reused along r's loop).
int64_t largestBufferNotAlong(const UOpPtr& ast, const UOp& r) {
  int64_t most = 0;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Load && u->src(0)->op() == Op::Index && !reaches(*u->src(0), r))
      most = std::max(most, shapeProduct(u->src(0)->src(0)->shape()));
  return most;
}

// Rows of an AVX2 matmul's register tile (avx2MatmulRows)
constexpr int64_t kAvx2MatmulRows = 6;

// THREAD chunks per core of a long reduction's partials streamed from memory
constexpr int64_t kStreamChunksPerCore = 8;

// The fewest elements a THREAD chunk of an axis no core count divides gets
constexpr int64_t kMinThreadChunk = 1024;

// The expanded nodes of an elementwise kernel of fewer than kSmallKernelIterations iterations
constexpr int64_t kSmallKernelNodes = 512;

// The largest of `factors` that divides `size` with something left over, or 0.
int64_t pick(int64_t size, std::initializer_list<int64_t> factors) {
  for (int64_t f : factors)
    if (size % f == 0 && size >= 2 * f) return f;
  return 0;
}

// Whether some reduction does not depend on some output axis: it is computed
// outside that axis' loop (a softmax's max and sum, once per row).
bool reducesOutsideAnOutputLoop(const UOpPtr& ast, const std::vector<Axis>& axes) {
  const std::unordered_set<const UOp*> outside = rangesOutsideAReduction(ast);
  return std::any_of(axes.begin(), axes.end(),
                     [&](const Axis& a) { return a.size > 1 && outside.contains(a.range.get()); });
}

// Whether a reduction over `r` reduces an element with a transcendental.
bool reducesTranscendentalAlong(const UOpPtr& ast, const UOp& r) {
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Reduce && reachesTranscendental(*u->src(0)) &&
        std::any_of(u->src().begin() + 1, u->src().end(), [&](const UOpPtr& s) { return s.get() == &r; }))
      return true;
  return false;
}

// Whether a reduction over `r` sums products (a dot product: acc + a*b,
// which tinygrad's CPU code fuses into one chain per output).
bool sumsProductsAlong(const UOpPtr& ast, const UOp& r) {
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Reduce && u->argAs<ReduceArg>().op == Op::Add && u->src(0)->op() == Op::Mul &&
        std::any_of(u->src().begin() + 1, u->src().end(), [&](const UOpPtr& s) { return s.get() == &r; }))
      return true;
  return false;
}

} // namespace

bool isSmallKernel(const UOpPtr& ast) {
  const std::vector<Axis> axes = kernelAxes(ast);
  int64_t items = 1;
  for (const Axis& a : axes)
    if (isOutputType(a.type)) items *= a.size;
  return items <= kSmallGridItems && kernelIterations(axes) <= kSmallKernelIterations;
}

std::vector<Opt> heuristicOpts(const UOpPtr& ast, const OptTarget& target) {
  if (usesGpuHeuristics(target)) return gpuHeuristicOpts(ast, target);
  std::vector<Opt> applied;
  UOpPtr k = ast;
  // A kernel of fewer than 2^20 iterations runs in microseconds, so what its
  // user waits for is its compile: its copies stay under 2048 nodes (LLVM
  // spends about 0.1 ms per expanded node; a residual MLP step's twelve
  // kernels compiled in 3.2 s with the full budget; with this one the whole
  // program runs in 0.57 s). An elementwise one of fewer than 2^16
  // iterations runs in microseconds even with an element of hundreds of
  // operations: its copies stay under kSmallKernelNodes, so a Tensor.rand
  // kernel (a threefry hash of about 300 nodes per element) is not copied four
  // times (LLaMA's 8192-element weight initializers: 0.41 -> 0.13 s of opt and
  // llc each). Only without a reduction: fewer UNROLL copies would change the
  // order a sum adds in, and so its rounding.
  // a small kernel on a driver that vectorizes across work-items runs as it is
  if (target.workItemVectorizer && isSmallKernel(k)) {
    remarkHeuristicFact("a small kernel on a driver that vectorizes across work-items: no OptOps");
    return applied;
  }
  OptTarget budget = target;
  const std::vector<Axis> unsplit = kernelAxes(k);
  const int64_t iterations = kernelIterations(unsplit);
  const bool reduction =
      std::any_of(unsplit.begin(), unsplit.end(), [](const Axis& a) { return a.type == AxisType::Reduce; });
  if (!reduction && iterations < kSmallKernelIterations) {
    budget.maxExpandedNodes = std::min<int64_t>(budget.maxExpandedNodes, kSmallKernelNodes);
    remarkHeuristicFact(fmt::format("no reduction and fewer than 2^16 iterations: its compile is what the user "
                                    "waits for, so its copies stay under {} nodes",
                                    kSmallKernelNodes));
  } else if (iterations < (int64_t{1} << 20)) {
    budget.maxExpandedNodes = std::min<int64_t>(budget.maxExpandedNodes, 2048);
    remarkHeuristicFact("fewer than 2^20 iterations: its compile is what the user waits for, so its copies stay "
                        "under 2048 nodes");
  }
  // `why`: the rule that asks for `opt` (its remark)
  auto tryApply = [&](const Opt& opt, std::string_view why) {
    try {
      UOpPtr before = k;
      k = applyOpt(k, opt, budget, applied);
      applied.push_back(opt);
      remarkHeuristicOpt(before, opt, why, {});
      return true;
    } catch (const OptError& e) {
      remarkHeuristicOpt(k, opt, why, e.reason());
      return false;
    }
  };
  auto apply = [&](int axis, int64_t factor, AxisType type, std::string_view why) {
    return tryApply(Opt{OptOpKind::Split, axis, factor, type, false, 0}, why);
  };
  // the largest of `factors` that divides the axis with something left over
  // and that applies (a larger one may be over the copy budget); 0 if none
  auto applyLargest = [&](const Axis& a, const std::vector<int64_t>& factors, AxisType type,
                          std::string_view why) -> int64_t {
    for (int64_t f : factors)
      if (pick(a.size, {f}) && apply(a.index, f, type, why)) return f;
    return 0;
  };
  // A tiled kernel whose loads are gated along its innermost reduction (a
  // padded convolution's window) tests the gates in its hot loop. When another
  // reduction reaches no gate (the input channels), it moves innermost, the
  // others keeping their order: the gates are invariant across it and LLVM
  // hoists them, leaving vector loads and broadcast FMAs (conv2d 3x3: 551 ->
  // 267 ms, same loaded run).
  auto innermostUngatedReduction = [&] {
    std::vector<Axis> reductions;
    for (const Axis& a : kernelAxes(k))
      if (a.type == AxisType::Reduce) reductions.push_back(a);
    if (reductions.size() < 2 || !loadGatedAlong(k, *reductions.back().range)) return;
    auto ungated = std::find_if(reductions.rbegin(), reductions.rend(),
                                [&](const Axis& a) { return a.size > 1 && !loadGatedAlong(k, *a.range); });
    if (ungated == reductions.rend()) return;
    for (auto i = static_cast<size_t>(reductions.rend() - ungated - 1); i + 1 < reductions.size(); ++i)
      tryApply(Opt{OptOpKind::Swap, reductions[i].index, 0, AxisType::Reduce, false, reductions[i + 1].index},
               "the loads' gates do not depend on this reduction: innermost, they are hoisted out of it");
  };
  std::vector<Axis> axes = kernelAxes(k);
  const Axis* lastReduce = nullptr;
  int reduceAxes = 0;
  for (const Axis& a : axes)
    if (a.type == AxisType::Reduce) {
      lastReduce = &a;
      ++reduceAxes;
    }
  const bool reduces = lastReduce != nullptr;
  // output axes innermost first; a split appends its new axis after these, so indices stay valid
  std::vector<Axis> outputs;
  for (const Axis& a : axes)
    if (isOutputType(a.type) && a.size > 1) outputs.insert(outputs.begin(), a);
  int tiled = 0;
  const UOp* first = nullptr; // the UPCAST range the first tile axis got
  int64_t firstFactor = 1;
  // Row kernels: each reduction computed once per row, then the row's
  // elements. Every reduction gets partial accumulators (UNROLL, vector-wide),
  // the innermost output axis vector-wide UPCAST; a register tile over the
  // rows would only repeat the reductions' work.
  // On a work-item vectorizer each copy is a vector of work-items already:
  // 8 (PoCL, 4096 x 4096 softmax 25.3 -> 22.7 ms, layernorm 5.3 -> 4.6 ms).
  bool rows = reduces && reducesOutsideAnOutputLoop(k, axes);
  if (rows) {
    remarkHeuristicFact("a row kernel: a reduction is computed outside an output loop (once per row), so no "
                        "register tile over the rows");
    const std::vector<int64_t> copies =
        target.workItemVectorizer ? std::vector<int64_t>{8, 4} : std::vector<int64_t>{16, 8, 4};
    const int64_t rowLanes = target.vectorBits / 32;
    for (const Axis& a : axes) {
      if (a.type != AxisType::Reduce) continue;
      if (!target.workItemVectorizer && rowLanes >= 8 && !reducesTranscendentalAlong(k, *a.range) &&
          applyLargest(a, {4 * rowLanes}, AxisType::Unroll,
                       "row kernel: a cheap element's reduction gets four vectors of accumulators"))
        continue;
      // a decomposed transcendental's element is a chain ~18 float ops deep: on
      // AVX2 two vectors of them leave Zen 3's FMA pipes waiting on latency
      // (softmax's exp loop 25 cycles per 16 floats by MCA, 21 with four vectors)
      if (!target.workItemVectorizer && rowLanes == 8 &&
          applyLargest(a, {4 * rowLanes}, AxisType::Unroll,
                       "row kernel: a transcendental's reduction gets four vectors of independent chains"))
        continue;
      applyLargest(a, copies, AxisType::Unroll, "row kernel: partial accumulators for each reduction");
    }
    if (!outputs.empty())
      applyLargest(outputs.front(), copies, AxisType::Upcast, "row kernel: the innermost output axis vector-wide");
  }
  // A register tile of float32 accumulators in half the vector registers:
  // 32 x 8 (two vectors by eight) in 16 of AVX-512's 32, 16 x 4 in 8 of
  // AVX2's 16 (a matmul's: 16 x 6, avx2MatmulRows below), 128 where the
  // width is unknown. With AVX2, 16 x 8 took all 16
  // and spilled to the stack in the hot loop (2 Zen 3 cores, CPU time per
  // run, alternating, loaded machine: 4096 x 64 @ 64 x 1024 25-27 -> 16-17
  // ms, batched 256 gemm 24 -> 16-18 ms, conv2d 3x3 159-168 -> 107-134 ms
  // with 8 x 8 for 8 x 16). A driver that vectorizes across work-items makes each accumulator a vector
  // of work-items: a matmul's tile (one reduction axis) has at most 64 there
  // (PoCL, batched 256 gemm: 16 x 8 10.0 ms, 16 x 4 4.5 ms, 8 x 4 7.5 ms; gemm
  // 1024: 40.9 -> 32.4 ms); a convolution's (several) keeps 128 (median of ten
  // runs, three times: 16 x 8 111-127 ms, 8 x 8 120-146 ms).
  const bool wide = target.vectorBits >= 512;
  const int64_t lanes = target.vectorBits / 32;
  // The first tile axis read consecutively is one vector of `lanes` floats;
  // one the lanes do not divide (a 56-wide image row) is padded to a multiple
  // of them when that adds at most a quarter, its tail masked: half-width
  // vectors halve the FMA rate (conv2d 3x3 on 56 x 56 images, AVX-512:
  // 8 x 16 tile 290-320 ms, padded 64 and 16 x 16 220-245 ms, same loaded run;
  // 32 x 8 on the padded axis 256 ms).
  // Only where a second tile axis follows (a depthwise convolution's tile
  // of one axis padded spilled its copies) and the axis is longer than a
  // vector (a 14-wide row as one padded vector spilled too).
  // With AVX2 (`masks` false) only the innermost output axis, where no load
  // along it is gated after padding (an operand packed in padded panels,
  // rangeify_pack.cpp, read in bounds): the explicit tile vectors take no
  // masked loads, and a tile of
  // masked lanes left to LLVM came out as scalars (999 x 512 @ 512 x 333:
  // 26.5 cycles a step of K by MCA against 6).
  auto padToVector = [&](const Axis& t, int64_t width, bool masks) {
    const int64_t padded = (t.size + width - 1) / width * width;
    const bool second = std::any_of(outputs.begin(), outputs.end(), [&](const Axis& o) {
      return o.index != t.index && loadReusedAcross(k, *o.range, t.range.get());
    });
    const Opt pad{OptOpKind::Padto, t.index, width, AxisType::Upcast, false, 0};
    auto ungatedWhenPadded = [&] {
      try {
        const UOpPtr trial = applyOpt(k, pad, budget, applied);
        return !loadGatedAlong(trial, *kernelAxes(trial)[static_cast<size_t>(t.index)].range);
      } catch (const OptError&) {
        return false;
      }
    };
    return t.size > width && t.size % width != 0 && 4 * (padded - t.size) <= t.size && second &&
           (masks ? loadReadsConsecutivelyAlong(k, *t.range)
                  : t.index == outputs.front().index && ungatedWhenPadded()) &&
           tryApply(pad, "the first tile axis padded to whole vectors: half-width vectors halve the FMA rate");
  };
  const int64_t accumulators = wide                        ? 256
                               : target.workItemVectorizer ? (reduceAxes == 1 ? 64 : 128)
                               : lanes >= 4                ? 8 * lanes
                                                           : 128;
  // With AVX2, a matmul's (one reduction) tile of two vectors by 4 rows keeps
  // 8 accumulators: Zen 3's two FMA pipes of latency 4 need all 8 in flight
  // every cycle, so each load that misses L1 stalls the chain. By 6 rows (12
  // accumulators, 2 vectors of B and a broadcast: 15 of the 16 registers) the
  // chains have slack, as in BLIS's 6 x 16 Zen kernel; rows that 6 (6 per
  // core where the cores split them) does not divide are padded, their loads
  // read the last row and their stores are gated (Padto), where that adds at
  // most 1/32 of the rows (a quarter where 4 does not divide them either)
  // (znver3, MCA: 12 cycles per 2 steps of K, no register-dependency waits;
  // 2 Zen 3 cores, loaded, alternating rounds: gemm 1024's kernels 32.8 ->
  // 29.9 ms of CPU time per run (70 -> 77% of the FMA peak, sampled), its
  // median run 87-91 -> 79-82 ms; a 960-row gemm without padding 40.3 ->
  // 36.0 ms of CPU per run; the batched 256 gemm 12.0 -> 10.3 ms).
  const bool avx2Matmul = !wide && !target.workItemVectorizer && lanes == 8 && reduceAxes == 1;
  auto avx2MatmulRows = [&](const Axis& a) {
    if (!avx2Matmul || firstFactor != 2 * lanes) return false;
    // the outermost output axis is the one the cores split (below): whole tiles per core
    // (1026 rows, 171 tiles, padded to 1032: one core alone ran them at half the speed)
    // Rows that 4 divides have a tile of 4 otherwise (below): padded where
    // that adds at most 1/32 of them; others have no row tile otherwise, so
    // up to a quarter (77 rows padded to 84: 1.4 -> 0.6 ms against 16 x 1)
    const int64_t multiple = kAvx2MatmulRows * (a.index == outputs.back().index ? std::max(1, target.threads) : 1);
    const int64_t padded = (a.size + multiple - 1) / multiple * multiple;
    const int64_t most = a.size % 4 == 0 ? 32 : 4;
    const Opt pad{OptOpKind::Padto, a.index, multiple, AxisType::Upcast, false, 0};
    if (a.size % multiple != 0 &&
        !(most * (padded - a.size) <= a.size && tryApply(pad, "AVX2 matmul: the rows padded to whole tiles of 6")) &&
        a.size % kAvx2MatmulRows != 0)
      return false;
    return apply(a.index, kAvx2MatmulRows, AxisType::Upcast,
                 "AVX2 matmul: 6 rows by two vectors, 12 accumulators, so the multiply-add chains have slack");
  };
  std::vector<int> tileAxes;
  // a copy of lines into another order (a packed operand): line_copy_rules.h;
  // where a step is refused (over the copy budget), the elementwise UPCAST below
  const std::optional<std::vector<TileStep>> lineCopySteps =
      reduces ? std::nullopt : lineCopyTile(k, target);
  const bool lineCopy =
      lineCopySteps && std::all_of(lineCopySteps->begin(), lineCopySteps->end(),
                                   [&](const TileStep& s) { return tryApply(s.opt, s.why); });
  // a copy into transposed order (a permute's contiguous(), a padded input
  // with its channels innermost): transpose_copy_rules.h
  const std::optional<std::vector<TileStep>> transposeSteps =
      reduces || lineCopy ? std::nullopt : transposeCopyTile(k, target);
  const bool transposeCopy =
      transposeSteps && std::all_of(transposeSteps->begin(), transposeSteps->end(),
                                    [&](const TileStep& s) { return tryApply(s.opt, s.why); });
  // a rule's register tile, its steps applied until one is refused
  auto applyTile = [&](const std::optional<RegisterTile>& tile) {
    if (!tile) return;
    for (const TileStep& s : tile->steps)
      if (!tryApply(s.opt, s.why)) break;
    tileAxes = tile->tileAxes, tiled = static_cast<int>(tileAxes.size());
  };
  // convolutions whose rows are not whole vectors: conv_rules.h
  const std::optional<RegisterTile> conv = reduces && !rows ? convTile(k, target) : std::nullopt;
  applyTile(conv);
  // a matmul with 512-bit vectors: wide_matmul_rules.h
  const std::optional<RegisterTile> matmul =
      reduces && !rows && !conv ? wideMatmulTile(k, budget, applied) : std::nullopt;
  applyTile(matmul);
  if (reduces && !rows && !conv && !matmul)
    for (const Axis& a : outputs) {
      if (tiled == 2) continue;
      if (!loadReusedAcross(k, *a.range, first)) {
        if (remarksOn())
          remarkHeuristicFact(fmt::format("no register tile on axis {}: no load's value is reused across it{}",
                                          a.index, tiled ? " among those that depend on the first tile axis" : ""));
        continue;
      }
      std::vector<int64_t> factors;
      for (int64_t f :
           tiled == 0 && wide ? std::vector<int64_t>{32, 16, 8, 4} : std::vector<int64_t>{16, 8, 4})
        if (tiled == 0 || firstFactor * f <= accumulators) factors.push_back(f);
      const std::string_view why = tiled == 0 ? "register tile: a load does not depend on this axis, so its value "
                                                "is reused across it"
                                              : "register tile, second axis: it reuses a load the first does not";
      // a padded axis is one vector per step
      const int64_t f = tiled == 0 && wide && padToVector(a, lanes, true) ? (apply(a.index, lanes, AxisType::Upcast, why) ? lanes : 0)
                        : tiled == 0 && avx2Matmul && padToVector(a, 2 * lanes, false)
                            ? (apply(a.index, 2 * lanes, AxisType::Upcast, why) ? 2 * lanes : 0)
                        : tiled == 1 && avx2MatmulRows(a)    ? kAvx2MatmulRows
                                                             : applyLargest(a, factors, AxisType::Upcast, why);
      if (!f) continue;
      tileAxes.push_back(a.index);
      if (tiled == 0) firstFactor = f;
      // the larger UPCAST nests outside the smaller (measured: gemm and conv both
      // run several times faster that way round); on a work-item vectorizer an
      // equal one too (conv 8 x 8 on PoCL: 508 ms as split, 96 ms swapped), and
      // with 512-bit vectors: a 16 x 16 conv tile's copies along the first axis
      // must be innermost for LLVM to pack them into 16-float vectors (split,
      // every multiply-add ran as two 8-float halves with the accumulators
      // spilled to the stack)
      if (tiled == 1 && (f > firstFactor || (f == firstFactor && (target.workItemVectorizer || wide)))) {
        std::vector<Axis> now = kernelAxes(k);
        tryApply(Opt{OptOpKind::Swap, now[now.size() - 2].index, 0, AxisType::Upcast, false, now.back().index},
                 "the larger UPCAST nests outside the smaller");
      }
      ++tiled;
      // the loads that depended on the axis now depend on its new UPCAST part
      if (tiled == 1) first = kernelRanges(k).back().get();
    }
  // On a CPU, for a matmul's tile (the two tile axes neighbours) whose operand
  // reused along the second tile axis is larger than the caches (2^18
  // elements), the loop over the first (vector) axis' tiles runs outside the
  // second's: one tile column of B (its packed panel, rangeify_pack.cpp) stays
  // in the cache while the rows of A stream past it, not all of B once per row
  // tile (gemm 1024: 9.1 -> 7.9 ms, batched 2.03 -> 1.92 ms; a conv, whose
  // tile axes have the image rows between them, ran 64 -> 68 ms that way).
  // A matmul's cores then split the rows, not the tile columns: both read the same
  // tile column at once and each streams half of the rows, where split by
  // columns each streamed all of them (gemm 1024, 64 x 4 tile: 14.4 against
  // 15.6 ms of CPU time per run, three alternating runs).
  const UOp* columnTiles = nullptr; // the column tiles' loop, when it runs outside the rows'
  if (tiled == 2 && target.hasThreads && tileAxes[1] + 1 == tileAxes[0] &&
      largestBufferNotAlong(k, *kernelAxes(k)[static_cast<size_t>(tileAxes[1])].range) >= (int64_t{1} << 18) &&
      tryApply(Opt{OptOpKind::Swap, tileAxes[1], 0, AxisType::Loop, false, tileAxes[0]},
               "the operand reused along the second tile axis is larger than the caches: one tile column stays "
               "cached while the rows stream past") &&
      reduceAxes == 1)
    columnTiles = kernelAxes(k)[static_cast<size_t>(tileAxes[1])].range.get();
  if (tiled > 0) innermostUngatedReduction();
  // no tile (and no row kernel): UPCAST 4 on the innermost output, UNROLL 4 on
  // the last reduction. Elementwise transcendentals get vectors of copies
  // instead: independent chains of their long decompositions. Eight 256-bit
  // vectors on AVX2; four 512-bit ones on AVX-512, where eight (gelu's ~40
  // live values a chain) spill to the stack, and on Zen 4, whose 512-bit
  // stores are two halves, the reloads wait for the halves to leave the store
  // queue (16M floats on 2 Zen 4 cores, UPCAST 128 against 64: gelu 10.3 ->
  // 3.6 ms, exp 5.5 -> 3.2, sigmoid 6.3 -> 3.5, log 15.8 -> 7.0).
  // A long reduction (256 or more) read consecutively along its reduce axis
  // but not along the innermost output (a long sum's partials): copies of the
  // output would be streams a KiB or more apart, so the reduce axis alone gets
  // accumulators over consecutive elements (sum of 16M floats: 5.4 ms with
  // UPCAST 4 and UNROLL 4, 1.5 ms with UNROLL 8, 1.6 with 16). On a known
  // vector width, four vectors of them: LLVM packs the copies into vectors,
  // and one vector's adds are one dependency chain, 3 cycles an add on Zen 4/5
  // (UNROLL 8, one 256-bit chain: 48 cycles per 512 bytes by MCA, the 42 GB/s
  // measured on 2 cores; UNROLL 64, four 512-bit chains: 32 cycles per 2 KiB,
  // past the memory's bandwidth).
  const bool streams = !rows && tiled == 0 && reduces && lastReduce->size >= 256 &&
                       !outputs.empty() && loadReadsConsecutivelyAlong(k, *lastReduce->range) &&
                       !loadReadsConsecutivelyAlong(k, *outputs.front().range);
  // On a driver that vectorizes across work-items, the lanes are a GROUP_REDUCE
  // of 16 work-items reading consecutive elements, with no other workgroup
  // axis (sum of 16M floats on PoCL: 3.5 ms against 4.3 with UNROLL 8 and
  // LOCAL 16, 6.8 with a LOCAL 4 beside it)
  const bool groupStreams =
      streams && target.workItemVectorizer && target.hasLocals &&
      applyLargest(*lastReduce, {16}, AxisType::GroupReduce, "a long reduction read consecutively: 16 work-items");
  // factors of up to four vectors, the largest first
  const std::vector<int64_t> upToFourVectors{4 * lanes, 2 * lanes, lanes, 4};
  // Every such reduction of the kernel, not only the last: argmax's max
  // before its index's ran as one scalar chain of maxima (4096 x 4096: 40
  // cycles per 8 floats by MCA)
  if (streams && !groupStreams) {
    std::vector<Axis> streamed;
    for (const Axis& a : kernelAxes(k))
      if (a.type == AxisType::Reduce && a.size >= 256 && loadReadsConsecutivelyAlong(k, *a.range))
        streamed.push_back(a);
    for (const Axis& a : streamed)
      applyLargest(a, lanes >= 8 ? upToFourVectors : std::vector<int64_t>{8, 4}, AxisType::Unroll,
                   "a long reduction read consecutively along its axis but not along the output: "
                   "accumulators over consecutive elements");
  }
  // A short reduction axis read consecutively inside longer ones (an image's
  // rows of 28: a batch norm's mean over images, rows and columns): the row
  // unrolled whole, its elements consecutive, where an UPCAST of the outputs
  // would read streams a plane apart (mean over (0, 2, 3) of 64 x 128 x 28 x
  // 28 on 2 Zen 5 cores: 0.41 ms with UPCAST 4 and UNROLL 4, 0.11 ms). Not
  // a sum of products, which keeps tinygrad's one chain per output (below).
  int64_t reduceIterations = 1; // a split keeps an axis' product
  for (const Axis& a : unsplit)
    if (a.type == AxisType::Reduce) reduceIterations *= a.size;
  const bool shortRows =
      !rows && !streams && tiled == 0 && reduces && lanes >= 8 && !target.workItemVectorizer &&
      lastReduce->size >= 4 && lastReduce->size <= 4 * lanes && reduceIterations >= 256 &&
      !outputs.empty() && loadReadsConsecutivelyAlong(k, *lastReduce->range) &&
      !loadReadsConsecutivelyAlong(k, *outputs.front().range) &&
      !sumsProductsAlong(k, *lastReduce->range) &&
      apply(lastReduce->index, lastReduce->size, AxisType::Unroll,
            "a short reduction axis read consecutively inside longer ones: the row unrolled whole");
  // Elementwise on a driver that vectorizes across work-items: no UPCAST,
  // the lanes are LOCAL's (gelu over 16M floats on PoCL: 36 ms with UPCAST 4
  // and LOCAL 16, 20 ms with LOCAL 128 alone)
  const bool itemLanes = target.workItemVectorizer && target.hasLocals && !reduces && tiled == 0;
  // A reduction down rows that its loads read a row apart, its outputs
  // consecutively (a column sum, a mean over a middle axis): up to four
  // vectors of the outputs a step, whole lines of each row (sum over the 4096
  // rows of 4096 x 4096 on 2 Zen 5 cores: 15.9 ms by 4, 1.25 ms by 64). So
  // does a sliding window, read consecutively along both (cumsum's windows
  // of 256 over rows of 1024: 12.3 ms by 4, 2.25 ms by 64): each step one
  // run of the row for the outputs' vectors.
  const bool columns = reduces && lanes >= 8 && !target.workItemVectorizer && !outputs.empty() &&
                       loadReadsConsecutivelyAlong(k, *outputs.front().range);
  const bool outputCopies =
      !rows && !streams && !shortRows && tiled == 0 && !outputs.empty() && !itemLanes &&
      !lineCopy && !transposeCopy && [&] {
        if (!reduces && lanes >= 8 && reachesTranscendental(*k))
          return applyLargest(
              outputs.front(),
              lanes >= 16 ? upToFourVectors
                          : std::vector<int64_t>{8 * lanes, 4 * lanes, 2 * lanes, lanes, 4},
              AxisType::Upcast,
              "elementwise transcendental: independent chains of its long decomposition");
        if (columns)
          return applyLargest(outputs.front(), upToFourVectors, AxisType::Upcast,
                              "a reduction down rows read consecutively along the outputs: whole "
                              "lines of each row");
        return applyLargest(
            outputs.front(), {4}, AxisType::Upcast,
            "no register tile: the innermost output axis by 4, packed into vectors");
      }() != 0;
  // UNROLL's copies are partial accumulators, which round in another order
  // than tinygrad's CPU code (one accumulator per output, each product fused
  // into it in index order); where the output's UPCAST copies are independent
  // chains already, a sum of products stays one chain per output (ViT's patch
  // embedding, 768 products summed to ~192 and then layernormed: 22 ulps
  // from tinygrad with partial sums, 3 without). Plain sums keep the UNROLL
  // (262144 rows of 12: 1.8 -> 3.4 ms without it, 2 Zen 3 cores, loaded)
  if (!rows && !streams && !shortRows && reduces && tiled == 0 &&
      !(outputCopies && sumsProductsAlong(k, *lastReduce->range)))
    applyLargest(*lastReduce, {4}, AxisType::Unroll, "no register tile: the last reduction unrolled by 4");
  if (target.hasLocals && !groupStreams) {
    // workgroups: the two innermost output axes left after tiling get LOCAL
    // parts, up to 16 x 8 work-items, so neighbours share cache lines and a
    // GPU fills its SIMD lanes (a row kernel's in-row LOOPs stay loops)
    std::vector<Axis> left;
    for (const Axis& a : kernelAxes(k))
      if (a.type == AxisType::Global && a.size > 1) left.insert(left.begin(), a);
    int64_t items = 1;
    for (size_t i = 0; i < left.size() && i < 2; ++i) {
      // the largest power of two from 16 (8 for the second axis; 128 for an
      // elementwise kernel's lanes on a work-item vectorizer) down to 4 that
      // divides: a whole axis may be one workgroup's
      int64_t f = i == 0 ? (itemLanes ? 128 : 16) : 8;
      while (f >= 4 && left[i].size % f != 0) f /= 2;
      if (f >= 4 && items * f <= 128 &&
          apply(left[i].index, f, AxisType::Local, "workgroups: neighbouring work-items share cache lines"))
        items *= f;
    }
  }
  if (target.hasThreads && target.threads > 1) {
    std::vector<Axis> now = kernelAxes(k);
    const int64_t work = kernelIterations(now);
    // A long reduction's partials stream from memory in chunks: each core
    // works through a consecutive span of them, and one that runs out takes
    // the rest of another's from its end (parallelForInSpans): a core whose
    // thread starts late (its wake-up) or runs slowed (another process)
    // leaves the rest of its stream to the others, where one chunk per core
    // waits for the slowest.
    const int64_t chunks = streams && !groupStreams ? target.threads * kStreamChunksPerCore : target.threads;
    auto splittable = [&](const Axis& a) {
      return isOutputType(a.type) && a.size >= 2 * target.threads && work >= 65536 && a.range.get() != columnTiles;
    };
    bool threaded = false;
    for (const Axis& a : now)
      if (splittable(a)) {
        const int64_t split = a.size % chunks == 0 && a.size >= 2 * chunks ? chunks : target.threads;
        if (a.size % split == 0 &&
            apply(a.index, split, AxisType::Thread,
                  columnTiles ? "the outermost output axis that divides among the cores, past the tile columns that "
                                "both cores read from their caches"
                  : split > target.threads ? "a long reduction's partials: chunks the cores take as they free up"
                                           : "the outermost output axis that divides among the cores")) {
          threaded = true;
          break;
        }
      }
    // No output axis divides among the cores (999 x 333 elements, a 999-row
    // sum): the outermost is padded to a multiple of them where that adds at
    // most an eighth (Padto: the padded positions' stores gated, their loads
    // reading the last position); one core alone ran such kernels at half the
    // speed. Not an axis a load reads consecutively (a 1-D kernel's): its
    // loads would be gated element by element (exp of 999999 floats: 53
    // cycles a loop iteration by MCA against 27).
    auto outer = std::find_if(now.begin(), now.end(), splittable);
    if (!threaded && outer != now.end() && !loadReadsConsecutivelyAlong(k, *outer->range)) {
      const int64_t added = (outer->size + target.threads - 1) / target.threads * target.threads - outer->size;
      const Opt pad{OptOpKind::Padto, outer->index, target.threads, AxisType::Upcast, false, 0};
      if (8 * added <= outer->size &&
          tryApply(pad, "no output axis divides among the cores: the outermost padded to a multiple of them"))
        apply(outer->index, target.threads, AxisType::Thread, "the outermost output axis, padded, among the cores");
    } else if (!threaded && outer != now.end()) {
      // Such an axis is split into THREAD chunks of a divisor of its size,
      // which the cores take as they free up: the first divisor that gives
      // kStreamChunksPerCore chunks a core, else the most chunks a smaller
      // divisor gives (3 chunks on 2 cores: two rounds, where one core alone
      // took three), chunks of kMinThreadChunk elements at least (and the
      // search stops at that many chunks: a prime length is not tried
      // divisor by divisor up to its end). gelu of
      // 999999 floats (3^3 x 7 x 11 x 13 x 37, no vector either): one core
      // 1.36-1.46 ms, 21 chunks 0.54-0.61 (2 x 500000 for 1000000 floats:
      // 0.57-0.59), 3003 chunks of 333 0.88-1.05.
      int64_t parts = 0;
      for (int64_t d = target.threads + 1; d * kMinThreadChunk <= outer->size && d <= kMinThreadChunk &&
                                           parts < target.threads * kStreamChunksPerCore;
           ++d)
        if (outer->size % d == 0) parts = d;
      if (parts)
        apply(outer->index, parts, AxisType::Thread,
              "no output axis divides among the cores: chunks of a divisor the cores take as they free up");
    }
  }
  return applied;
}

std::vector<std::vector<Opt>> heuristicSeeds(const UOpPtr& ast, const OptTarget& target) {
  std::vector<Opt> chosen = heuristicOpts(ast, target);
  std::vector<Opt> unthreaded; // THREAD comes last, so the other OptOps' axes stay valid
  for (const Opt& o : chosen)
    if (!(o.op == OptOpKind::Split && o.target == AxisType::Thread)) unthreaded.push_back(o);
  std::vector<std::vector<Opt>> seeds{chosen};
  if (unthreaded.size() != chosen.size()) seeds.push_back(unthreaded);
  return seeds;
}

} // namespace uops
