#include "backends/llvm/cpu_schedule.h"

#include "core/runtime/worker_pool.h"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <numeric>
#include <optional>

namespace uops {

std::vector<CpuProgram> compileAll(CpuDevice& device, const std::vector<LoweredKernel>& kernels) {
  // largest source first, so the longest compile does not start last
  std::vector<size_t> order(kernels.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return kernels[a].llvm.source.size() > kernels[b].llvm.source.size();
  });
  std::vector<std::optional<CpuProgram>> compiled(kernels.size());
  std::vector<std::exception_ptr> errors(kernels.size());
  parallelFor(order.size(), [&](size_t i) {
    try {
      compiled[order[i]].emplace(device.compile(kernels[order[i]]));
    } catch (...) {
      errors[order[i]] = std::current_exception();
    }
  });
  std::vector<CpuProgram> programs;
  programs.reserve(kernels.size());
  for (size_t i = 0; i < kernels.size(); ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]); // the first failing kernel in schedule order
    programs.push_back(std::move(*compiled[i]));
  }
  return programs;
}

CpuScheduleRun runScheduleOnCpu(const PipelineRun& run, CpuDevice& device, const BufferValues& inputs,
                                int repeat) {
  if (run.failed()) {
    const StageRecord& last = run.stages.back();
    throw DeviceError(fmt::format("{}{}{} failed: {}", last.stage, last.kernel.empty() ? "" : " of ",
                                  last.kernel, last.error));
  }
  if (run.kernels.size() != run.schedule.kernels.size())
    throw DeviceError("the program was not lowered for a device (no codegen stages ran)");
  std::vector<CpuProgram> programs = compileAll(device, run.kernels);
  CpuScheduleRun result;
  for (const LoweredKernel& k : run.kernels) result.kernels.push_back({k.name.text, {}});
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
