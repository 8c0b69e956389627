#include "core/program/interp_run.h"

#include "core/pipeline/kernel_interpreter.h"
#include "core/pipeline/schedule.h"

#include <algorithm>
#include <chrono>

namespace uops::program {

std::vector<UOpPtr> rootsOf(const std::vector<Tensor>& outputs) {
  std::vector<UOpPtr> roots;
  roots.reserve(outputs.size());
  for (const Tensor& t : outputs) roots.push_back(t.uop());
  return roots;
}

DeviceRun runOnInterp(const std::vector<Tensor>& outputs, const RunSettings& settings) {
  std::vector<UOpPtr> roots = rootsOf(outputs);
  Schedule schedule = lowerToSchedule(roots);
  const BufferValues inputs = zeroFilledInputs(roots);
  DeviceRun result;
  result.kernels = static_cast<int64_t>(schedule.kernels.size());
  for (const ScheduledKernel& k : schedule.kernels) result.times.push_back({k.name, {}});
  for (int r = 0; r < std::max(settings.repeat, 1); ++r) {
    BufferValues buffers = inputs;
    result.outputs = executeSchedule(
        schedule.linear, buffers, [&](size_t index, const UOp& call, std::span<HostTensor*> params) {
          auto start = std::chrono::steady_clock::now();
          runKernel(call, params);
          std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
          result.times[index].ms.push_back(took.count());
        });
  }
  return result;
}

} // namespace uops::program
