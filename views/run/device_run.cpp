#include "views/run/device_run.h"

#include "core/pipeline/device_schedule.h"
#include "core/pipeline/device_split.h"
#include "core/pipeline/program_run.h"
#include "core/program/host_text.h"
#include "core/runtime/device_registry.h"
#include "core/runtime/reference_evaluator.h"

#include <algorithm>
#include <cmath>
#include <mutex>

namespace uops::views {
namespace {

// Fills outputs and matchesReference from what the device computed.
void compareWithReference(const std::vector<HostTensor>& got, const BufferValues& inputs,
                          const std::vector<UOpPtr>& roots, DeviceRunResult& out) {
  ReferenceEvaluator ref;
  for (const auto& [id, value] : inputs) ref.setBuffer(id, value);
  std::vector<HostTensor> want = ref.evaluate(roots);
  out.matchesReference = want.size() == got.size();
  for (size_t i = 0; i < got.size(); ++i) {
    out.outputs += QStringLiteral("out[%1]: %2\n").arg(i).arg(QString::fromStdString(program::describe(got[i])));
    for (int64_t e = 0; out.matchesReference && e < want[i].numel(); ++e) {
      double g = got[i].getDouble(e), w = want[i].getDouble(e);
      if (!(std::fabs(g - w) <= 1e-4 * (1 + std::fabs(w)) || (std::isnan(g) && std::isnan(w))))
        out.matchesReference = false;
    }
  }
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
                            int repeat) {
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
      DeviceRun r = runProgram(target, roots, settings);
      out.kernels = std::move(r.times);
      out.timeline = std::move(r.timeline);
      out.devices = r.devices;
      out.copies = r.copies;
      compareWithReference(r.outputs, inputs, roots, out);
      return out;
    }
    if (!loweredFor(*run, target.name())) // lowered for another device: again for this one, OptOps by the heuristics
      run = std::make_shared<PipelineRun>(runPipeline(roots, {.trace = false, .target = runTarget(target, true)}));
    ScheduleRun r = runSchedule(target, *run, inputs, repeat);
    out.kernels = std::move(r.kernels);
    std::vector<HostTensor> got = std::move(r.outputs);
    for (const ScheduledKernel& k : run->schedule.kernels) out.work.push_back(kernelWork(k));
    compareWithReference(got, inputs, roots, out);
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

} // namespace uops::views
