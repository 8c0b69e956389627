#include "core/pipeline/kernel_remarks.h"

#include "core/pipeline/pipeline_runner.h"

#include <unordered_map>
#include <unordered_set>

namespace uops {

const std::vector<const UOp*>& renderedLineNodes(const LoweredKernel& kernel) {
  return kernel.rendered.lineNodes;
}

void placeKernelRemarks(std::vector<Remark>& remarks, const LoweredKernel& kernel, size_t index) {
  const std::vector<const UOp*>& lines = renderedLineNodes(kernel);
  std::unordered_map<const UOp*, int32_t> firstLine; // node -> 1-based line
  for (size_t i = lines.size(); i-- > 0;)
    if (lines[i]) firstLine[lines[i]] = static_cast<int32_t>(i + 1);
  for (Remark& r : remarks) {
    r.kernel = static_cast<int64_t>(index);
    if (r.irLine == 0 && r.node)
      if (auto it = firstLine.find(r.node.get()); it != firstLine.end()) r.irLine = it->second;
    if (!r.node && r.irLine > 0 && static_cast<size_t>(r.irLine) <= lines.size() && lines[r.irLine - 1])
      r.node = lines[r.irLine - 1]->ptr();
    if (r.programLine == 0 && r.node) r.programLine = r.node->line();
  }
}

void placeFusionRemarks(std::vector<Remark>& remarks, const Schedule& schedule) {
  std::unordered_set<const UOp*> fused;
  for (Remark& r : remarks) {
    if (!r.node || r.node->op() != Op::Buffer) continue;
    for (size_t k = 0; k < schedule.kernels.size() && r.kernel < 0; ++k)
      for (const UOpPtr& b : schedule.kernels[k].buffers)
        if (b == r.node) r.kernel = static_cast<int64_t>(k);
    if (r.kind == RemarkKind::Passed) fused.insert(r.node.get());
  }
  // a buffer a later round removed after all: its earlier refusals do not hold
  std::erase_if(remarks, [&](const Remark& r) {
    return r.kind == RemarkKind::Missed && r.kernel < 0 && r.node && fused.contains(r.node.get());
  });
}

std::vector<Remark> runRemarks(const PipelineRun& run, std::optional<size_t> kernel) {
  std::vector<Remark> out;
  for (const Remark& r : run.remarks)
    if (!kernel || r.kernel == static_cast<int64_t>(*kernel)) out.push_back(r);
  for (size_t i = 0; i < run.kernels.size(); ++i)
    if (!kernel || i == *kernel) out.insert(out.end(), run.kernels[i].remarks.begin(), run.kernels[i].remarks.end());
  return out;
}

} // namespace uops
