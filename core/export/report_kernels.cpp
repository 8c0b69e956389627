#include "core/export/report_kernels.h"

#include "core/engine/kernel_flops.h"

#include <fmt/format.h>

namespace uops {
namespace {

std::string reportMachineCode(Device& device, const LoweredKernel& k) {
  try {
    return device.compile(k)->machineCode();
  } catch (const std::exception& e) {
    return fmt::format("; no machine code: {}", e.what());
  }
}

} // namespace

std::vector<ReportKernel> reportKernels(Device& device, const PipelineRun& run, const std::vector<KernelTimes>& times) {
  std::vector<ReportKernel> out;
  for (size_t i = 0; i < run.kernels.size(); ++i) {
    const LoweredKernel& k = run.kernels[i];
    ReportKernel r;
    r.launch = launchOf(k);
    r.language = std::string(languageName(k.rendered.language));
    r.source = k.rendered.text;
    r.machineCode = reportMachineCode(device, k);
    if (i < run.schedule.kernels.size()) {
      KernelWork work = kernelWork(run.schedule.kernels[i]);
      r.flops = work.flops;
      r.bytes = work.bytes;
    }
    if (i < times.size() && times[i].name == k.name.text && !times[i].ms.empty()) {
      r.medianMs = times[i].medianMs();
      r.minMs = times[i].minMs();
    }
    out.push_back(std::move(r));
  }
  return out;
}

const StageRecord* reportStage(const PipelineRun& run, const std::string& stage) {
  const StageRecord* last = nullptr;
  for (const StageRecord& r : run.stages) {
    if (!r.kernel.empty() || !r.result) continue;
    if (r.stage == stage) return &r;
    last = &r;
  }
  return last;
}

} // namespace uops
