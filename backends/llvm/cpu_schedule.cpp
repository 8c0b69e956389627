#include "backends/llvm/cpu_schedule.h"

#include <fmt/format.h>

namespace uops {

CpuScheduleRun runScheduleOnCpu(const PipelineRun& run, CpuDevice& device, const BufferValues& inputs,
                                int repeat) {
  if (run.failed()) {
    const StageRecord& last = run.stages.back();
    throw DeviceError(fmt::format("{}{}{} failed: {}", last.stage, last.kernel.empty() ? "" : " of ",
                                  last.kernel, last.error));
  }
  if (run.kernels.size() != run.schedule.kernels.size())
    throw DeviceError("the program was not lowered for a device (no codegen stages ran)");
  std::vector<CpuProgram> programs;
  programs.reserve(run.kernels.size());
  CpuScheduleRun result;
  for (const LoweredKernel& k : run.kernels) {
    programs.push_back(device.compile(k));
    result.kernels.push_back({k.name.text, {}});
  }
  BufferValues own; // the buffers the schedule made, kept for the next run
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    BufferValues buffers = inputs;
    for (auto& [id, tensor] : own) buffers.emplace(id, std::move(tensor));
    size_t before = buffers.size();
    result.outputs = executeSchedule(
        run.schedule.linear, buffers, [&](size_t index, const UOp&, std::span<HostTensor*> params) {
          std::vector<HostTensor> bound;
          bound.reserve(params.size());
          for (HostTensor* p : params) bound.push_back(std::move(*p));
          KernelTiming t = device.run(programs.at(index), bound);
          for (size_t i = 0; i < params.size(); ++i) *params[i] = std::move(bound[i]);
          result.kernels[index].ms.push_back(t.ms);
        });
    result.buffersMade += buffers.size() - before;
    own.clear();
    for (auto& [id, tensor] : buffers)
      if (!inputs.count(id)) own.emplace(id, std::move(tensor));
  }
  return result;
}

} // namespace uops
