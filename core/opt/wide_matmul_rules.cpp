#include "core/opt/wide_matmul_rules.h"

#include "core/opt/heuristic_axes.h"
#include "core/symbolic/symbolic.h"

#include <array>
#include <utility>

namespace uops {
namespace {

// The L1 data cache a 32-column tile of the operand reused across the rows
// (K x 32 floats) should fit in (32 KiB: Intel's and AMD's up to Zen 4). A
// longer one is read from L2 anyway, so what the time goes to is the pass
// over the other operand, once per column tile: four vectors by four rows
// halve the passes (gemm 1024 on 2 Zen 5 cores: 18 -> 15.6 ms of CPU time per
// run with the packing copy, three alternating runs; a batched 256 gemm,
// whose 32-column tile stays in L1, kept 32 x 8: 64 x 4 ran 4.3 ms against
// 4.0).
constexpr int64_t kL1TileBytes = 32 * 1024;

// Columns x rows, in the order tried.
using Shape2 = std::array<int64_t, 2>;
constexpr std::array<Shape2, 6> kLongReduction{
    {{64, 4}, {48, 4}, {32, 8}, {32, 4}, {16, 8}, {16, 4}}};
constexpr std::array<Shape2, 6> kShortReduction{
    {{32, 8}, {48, 4}, {64, 4}, {32, 4}, {16, 8}, {16, 4}}};

Opt split(int axis, int64_t factor) {
  return Opt{OptOpKind::Split, axis, factor, AxisType::Upcast, false, 0};
}
Opt padTo(int axis, int64_t multiple) {
  return Opt{OptOpKind::Padto, axis, multiple, AxisType::Upcast, false, 0};
}

// The plan applied to `ast`, or nothing where a step is refused.
bool applies(UOpPtr ast, const std::vector<TileStep>& steps, const OptTarget& target,
             std::vector<Opt> applied) {
  try {
    for (const TileStep& s : steps) {
      ast = applyOpt(ast, s.opt, target, applied);
      applied.push_back(s.opt);
    }
    return true;
  } catch (const OptError&) {
    return false;
  }
}

} // namespace

std::optional<RegisterTile> wideMatmulTile(const UOpPtr& ast, const OptTarget& target,
                                           const std::vector<Opt>& applied) {
  const int64_t lanes = target.vectorBits / 32;
  if (target.vectorBits < 512 || target.workItemVectorizer) return std::nullopt;
  std::vector<KernelAxis> outputs; // innermost first
  const KernelAxis* reduction = nullptr;
  const std::vector<KernelAxis> axes = kernelAxes(ast);
  for (const KernelAxis& a : axes) {
    if (isOutputType(a.type) && a.size > 1) outputs.insert(outputs.begin(), a);
    if (a.type == AxisType::Reduce) {
      if (reduction) return std::nullopt;
      reduction = &a;
    }
  }
  // a kernel of fewer than 2^20 iterations runs in microseconds: its compile
  // is what the user waits for, and the generic tile keeps it small
  if (!reduction || outputs.size() < 2 || kernelIterations(axes) < (int64_t{1} << 20))
    return std::nullopt;
  const KernelAxis& cols = outputs[0];
  const KernelAxis& rows = outputs[1];
  const int64_t columns = (cols.size + lanes - 1) / lanes * lanes;
  // a vector of columns at least, padded by at most a quarter
  if (!loadReusedAcross(ast, *cols.range) || cols.size < lanes ||
      4 * (columns - cols.size) > cols.size)
    return std::nullopt;
  // the columns padded to whole vectors: ungated over a packed panel's zeros,
  // masked over an operand read as it is
  std::vector<TileStep> pad;
  if (cols.size % lanes != 0)
    pad.push_back(
        {padTo(cols.index, lanes), "AVX-512 matmul: the columns padded to whole vectors"});
  UOpPtr vectors;
  try {
    vectors = ast;
    for (const TileStep& s : pad)
      vectors = applyOpt(vectors, s.opt, target, applied);
    vectors = simplify(applyOpt(vectors, split(cols.index, lanes), target, applied));
  } catch (const OptError&) {
    return std::nullopt;
  }
  const KernelAxis lanesAxis = kernelAxes(vectors).back();
  if (!loadReadsConsecutivelyAlong(vectors, *lanesAxis.range) ||
      !loadReusedAcross(vectors, *rows.range, lanesAxis.range.get()))
    return std::nullopt;
  const bool longReduction = reduction->size * 32 * 4 > kL1TileBytes;
  // rows padded by at most 1/32 of them; by a quarter where 4 does not divide
  // them (no tile of 4 rows otherwise)
  const int64_t rowsPadding = rows.size % 4 == 0 ? 32 : 4;
  // the outermost output axis is the one the cores split: whole tiles per core
  const int64_t cores = rows.index == outputs.back().index ? std::max(1, target.threads) : 1;
  for (const auto& [c, r] : longReduction ? kLongReduction : kShortReduction) {
    if (columns % c != 0) continue;
    std::vector<TileStep> steps = pad;
    steps.push_back(
        {split(cols.index, c), "AVX-512 matmul: vectors of columns, reused by each broadcast row"});
    if (rows.size % r != 0) {
      const int64_t multiple = r * cores;
      const int64_t padded = (rows.size + multiple - 1) / multiple * multiple;
      if (rowsPadding * (padded - rows.size) > rows.size) continue;
      steps.push_back(
          {padTo(rows.index, multiple), "AVX-512 matmul: the rows padded to whole tiles per core"});
    }
    steps.push_back({split(rows.index, r),
                     "AVX-512 matmul: rows, each a broadcast reused by the column vectors"});
    if (applies(ast, steps, target, applied))
      return RegisterTile{std::move(steps), {cols.index, rows.index}};
  }
  return std::nullopt;
}

} // namespace uops
