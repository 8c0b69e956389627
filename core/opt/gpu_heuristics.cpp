#include "core/opt/gpu_heuristics.h"

#include "core/opt/heuristic_axes.h"
#include "core/opt/heuristic_remarks.h"

#include "core/remarks/remark_scope.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

// Output elements a GPU keeps busy one work-item each; a reduction with fewer
// outputs shares each one's work among a workgroup (tinygrad groups below the
// same count).
constexpr int64_t kGpuSmallOutput = 2048;
// Work-items one workgroup gets: four warps, so a multiprocessor can switch
// between warps while one waits for memory.
constexpr int64_t kGpuWarpsPerGroup = 4;

// The OptOps chosen so far and the kernel they made; each rule tries one.
class GpuPlan {
public:
  GpuPlan(const UOpPtr& ast, const OptTarget& target) : m_kernel(ast), m_target(target) {}

  const UOpPtr& kernel() const { return m_kernel; }
  std::vector<Opt> take() { return std::move(m_applied); }

  // Split `axis` by `factor` into a `type` part; `why`: the rule (its remark).
  bool split(int axis, int64_t factor, AxisType type, std::string_view why) {
    const Opt opt{OptOpKind::Split, axis, factor, type, false, 0};
    try {
      UOpPtr before = m_kernel;
      m_kernel = applyOpt(m_kernel, opt, m_target, m_applied);
      m_applied.push_back(opt);
      remarkHeuristicOpt(before, opt, why, {});
      return true;
    } catch (const OptError& e) {
      remarkHeuristicOpt(m_kernel, opt, why, e.reason());
      return false;
    }
  }

  // The largest of `factors` that divides the axis with something left over
  // and that applies; 0 if none.
  int64_t splitLargest(const KernelAxis& a, std::initializer_list<int64_t> factors, AxisType type,
                       std::string_view why) {
    for (int64_t f : factors)
      if (a.size % f == 0 && a.size >= 2 * f && split(a.index, f, type, why)) return f;
    return 0;
  }

private:
  UOpPtr m_kernel;
  OptTarget m_target;
  std::vector<Opt> m_applied;
};

// Output axes of more than one element, innermost first.
std::vector<KernelAxis> gpuOutputs(const UOpPtr& kernel) {
  return outputAxesInnermostFirst(kernelAxes(kernel));
}

std::vector<KernelAxis> gpuReduces(const UOpPtr& kernel) {
  std::vector<KernelAxis> out;
  for (const KernelAxis& a : kernelAxes(kernel))
    if (a.type == AxisType::Reduce) out.push_back(a);
  return out;
}

// The reduce axis a group of work-items should share: one its loads read
// consecutively (neighbouring work-items, neighbouring addresses), else the
// innermost.
const KernelAxis& gpuGroupedReduce(const UOpPtr& kernel, const std::vector<KernelAxis>& reduces) {
  for (auto it = reduces.rbegin(); it != reduces.rend(); ++it)
    if (loadReadsConsecutivelyAlong(kernel, *it->range)) return *it;
  return reduces.back();
}

// A matrix times a vector: one output axis, one reduction its matrix reads
// consecutively, and a load (the vector) reused across the outputs.
bool isMatrixVector(const UOpPtr& kernel, const std::vector<KernelAxis>& outputs,
                    const std::vector<KernelAxis>& reduces) {
  return outputs.size() == 1 && reduces.size() == 1 && loadReusedAcross(kernel, *outputs[0].range) &&
         loadReadsConsecutivelyAlong(kernel, *reduces[0].range);
}

void matrixVector(GpuPlan& plan, const KernelAxis& row, const KernelAxis& reduce) {
  remarkHeuristicFact("a matrix-vector product: one output axis, a reduction its matrix reads consecutively, a "
                      "vector reused across the outputs");
  // the group's axis is split last: the newest workgroup axis is the grid's
  // x (grid_specials.h), the one whose neighbours share a warp
  plan.splitLargest(row, {4}, AxisType::Upcast, "matrix-vector: 4 rows per work-item share each vector element");
  const KernelAxis rows = kernelAxes(plan.kernel())[static_cast<size_t>(row.index)];
  plan.splitLargest(rows, {4}, AxisType::Local, "matrix-vector: 4 row groups per workgroup");
  // LOCAL nests outside REDUCE: the reduction's axis number moved
  const int64_t reduceId = reduce.range->argAs<RangeArg>().id;
  for (const KernelAxis& a : kernelAxes(plan.kernel()))
    if (a.range->argAs<RangeArg>().id == reduceId)
      plan.splitLargest(a, {32, 16, 8}, AxisType::GroupReduce,
                        "matrix-vector: a warp's work-items read a row side by side and reduce it together");
}

void groupSmallOutput(GpuPlan& plan, const KernelAxis& reduce, int64_t outputs, int64_t maxWorkgroup) {
  if (remarksOn())
    remarkHeuristicFact(fmt::format("a reduction with a small output ({} elements, at most {}): one work-item per "
                                    "output would leave the GPU idle",
                                    outputs, kGpuSmallOutput));
  for (int64_t f : {256, 128, 64, 32, 16})
    if (f <= maxWorkgroup && plan.splitLargest(reduce, {f}, AxisType::GroupReduce,
                                               "small output: a workgroup shares each reduction, reading its "
                                               "elements side by side"))
      return;
}

// A register tile of 4 x 4 accumulators on the output axes across which a
// load is reused, the last reduction unrolled by 4. Returns the tiled axes.
int registerTile(GpuPlan& plan, const std::vector<KernelAxis>& outputs, const KernelAxis& lastReduce) {
  int tiled = 0;
  const UOp* first = nullptr;
  for (const KernelAxis& a : outputs) {
    if (tiled == 2) break;
    if (!loadReusedAcross(plan.kernel(), *a.range, first)) continue;
    if (!plan.splitLargest(a, {4}, AxisType::Upcast,
                           tiled == 0 ? "register tile: a load does not depend on this axis, so 4 outputs share "
                                        "each of its values"
                                      : "register tile, second axis: it reuses a load the first does not"))
      continue;
    if (++tiled == 1) first = kernelAxes(plan.kernel()).back().range.get();
  }
  plan.splitLargest(lastReduce, {4}, AxisType::Unroll,
                    "the last reduction unrolled by 4: float4 loads of the operands read along it");
  return tiled;
}

// LOCAL parts for the GLOBAL axes, sized innermost first, up to `items`
// work-items in all and `innerMost` on the innermost axis; powers of two that
// divide. They are split outermost first: the newest workgroup axis is the
// grid's x (grid_specials.h), so the innermost one's neighbours share a warp.
void workgroups(GpuPlan& plan, int64_t items, int64_t innerMost) {
  std::vector<KernelAxis> global;
  for (const KernelAxis& a : kernelAxes(plan.kernel()))
    if (a.type == AxisType::Global && a.size > 1) global.insert(global.begin(), a);
  std::vector<std::pair<int, int64_t>> parts; // (axis, factor), innermost first
  int64_t used = 1;
  for (size_t i = 0; i < global.size() && i < 3 && used < items; ++i) {
    int64_t f = std::min(items / used, i == 0 ? innerMost : items);
    while (f >= 2 && global[i].size % f != 0) f /= 2;
    if (f < 2) continue;
    parts.emplace_back(global[i].index, f);
    used *= f;
  }
  for (auto it = parts.rbegin(); it != parts.rend(); ++it)
    plan.split(it->first, it->second, AxisType::Local,
               it == parts.rend() - 1 ? "workgroups: neighbouring work-items read neighbouring addresses"
                                      : "workgroups: an outer axis fills the group to whole warps");
}

} // namespace

bool usesGpuHeuristics(const OptTarget& target) {
  return target.hasLocals && target.warpSize > 0 && !target.workItemVectorizer;
}

std::vector<Opt> gpuHeuristicOpts(const UOpPtr& ast, const OptTarget& target) {
  OptTarget budget = target;
  // a kernel of fewer than 2^20 iterations: its compile is what the user
  // waits for (heuristics.cpp)
  if (kernelIterations(kernelAxes(ast)) < (int64_t{1} << 20))
    budget.maxExpandedNodes = std::min<int64_t>(budget.maxExpandedNodes, 2048);
  GpuPlan plan(ast, budget);
  const std::vector<KernelAxis> outputs = gpuOutputs(ast);
  const std::vector<KernelAxis> reduces = gpuReduces(ast);
  int64_t outputElements = 1;
  for (const KernelAxis& a : outputs) outputElements *= a.size;
  const int64_t groupItems = std::min<int64_t>(kGpuWarpsPerGroup * target.warpSize, target.maxWorkgroup);
  if (!reduces.empty() && isMatrixVector(ast, outputs, reduces)) {
    matrixVector(plan, outputs[0], reduces[0]);
    return plan.take();
  }
  if (!reduces.empty() && outputElements <= kGpuSmallOutput) {
    groupSmallOutput(plan, gpuGroupedReduce(ast, reduces), outputElements, target.maxWorkgroup);
    return plan.take();
  }
  int tiled = reduces.empty() ? 0 : registerTile(plan, outputs, reduces.back());
  if (tiled == 0 && !outputs.empty())
    plan.splitLargest(outputs.front(), {4}, AxisType::Upcast,
                      "the innermost output axis by 4: float4 loads and stores where it is consecutive");
  // a matmul's workgroup is 16 columns wide: a half warp reads 16 float4s,
  // 256 consecutive bytes of the operand along the columns
  workgroups(plan, groupItems, tiled == 2 ? 16 : groupItems);
  return plan.take();
}

} // namespace uops
