#include "views/kernel_text/device_run.h"

#include "core/engine/device_schedule.h"
#include "core/pipeline/device_split.h"
#include "core/engine/program_run.h"
#include "core/program/host_text.h"
#include "core/engine/device_registry.h"

#include <algorithm>
#include <mutex>

namespace uops::views {
namespace {

// The outputs as text, and when asked their check against the reference evaluator.
void finish(const std::vector<HostTensor>& got, const BufferValues& inputs, const std::vector<UOpPtr>& roots,
            bool check, const std::atomic<bool>* cancel, DeviceRunResult& out) {
  for (size_t i = 0; i < got.size(); ++i)
    out.outputs += QStringLiteral("out[%1]: %2\n").arg(i).arg(QString::fromStdString(program::describe(got[i])));
  if (check) out.check = checkAgainstReference(roots, inputs, got, {.maxBytes = int64_t{2} << 30, .cancel = cancel});
}

// Whether every kernel of `run` was lowered for `device`.
bool loweredFor(const PipelineRun& run, const std::string& device) {
  return std::all_of(run.kernels.begin(), run.kernels.end(),
                     [&](const LoweredKernel& k) { return k.target.device == device; });
}

} // namespace

std::vector<DeviceChoice> availableDevices() {
  std::vector<DeviceChoice> out;
  for (const DeviceDescription& d : listDevices())
    if (d.generatesCode)
      out.push_back({QString::fromStdString(d.name), QString::fromStdString(d.description)});
  return out;
}

DeviceRunResult runOnDevice(const QString& device, std::shared_ptr<PipelineRun> run, std::vector<UOpPtr> roots,
                            int repeat, bool check, const std::atomic<bool>* cancel,
                            const VariableValues& variables) {
  static std::mutex mutex; // one run at a time: devices are shared
  std::lock_guard lock(mutex);
  DeviceRunResult out;
  out.device = device;
  try {
    Device& target = openDevice(device.toStdString());
    BufferValues inputs = zeroFilledInputs(roots);
    if (needsDeviceSplit(roots)) {
      RunSettings settings;
      settings.repeat = repeat;
      settings.variables = variables;
      DeviceRun r = runProgram(target, roots, settings);
      out.kernels = std::move(r.times);
      out.launches = std::move(r.launches);
      out.timeline = std::move(r.timeline);
      out.devices = r.devices;
      out.copies = r.copies;
      finish(r.outputs, inputs, bindVariables(roots, variables), check, cancel, out);
      return out;
    }
    if (!loweredFor(*run, target.name())) // lowered for another device: again for this one, OptOps by the heuristics
      run = std::make_shared<PipelineRun>(runPipeline(roots, {.trace = false, .target = runTarget(target, true)}));
    ScheduleRun r = runSchedule(target, *run, inputs, repeat, variables);
    out.kernels = std::move(r.kernels);
    out.launches = std::move(r.launches);
    out.timeline = std::move(r.timeline);
    std::vector<HostTensor> got = std::move(r.outputs);
    for (const ScheduledKernel& k : run->schedule.kernels) out.work.push_back(kernelWork(k));
    finish(got, inputs, bindVariables(roots, variables), check, cancel, out); // REF reads the values
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

} // namespace uops::views
