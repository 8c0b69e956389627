#include "views/run/device_run.h"

#include "backends/llvm/cpu_schedule.h"
#include "backends/llvm/host_cpu_target.h"
#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_schedule.h"
#include "core/program/host_text.h"
#include "core/program/interp_run.h"
#include "core/runtime/reference_evaluator.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <stdexcept>

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

// The process's shared device (machine code and BEAM use it too, so programs are built once).
ClDevice& sharedCl(const std::string& name) {
  std::optional<size_t> index = parseClDeviceName(name);
  if (!index) throw std::runtime_error("'" + name + "' is not a CL device");
  return clDevice(*index);
}

// Whether every kernel of `run` was lowered for `device` ("CPU" is the CPU target's name).
bool loweredFor(const PipelineRun& run, const std::string& device) {
  return std::all_of(run.kernels.begin(), run.kernels.end(),
                     [&](const LoweredKernel& k) { return k.target.device == device; });
}

} // namespace

std::vector<DeviceChoice> availableDevices() {
  std::vector<DeviceChoice> out{{QStringLiteral("CPU"), QStringLiteral("CPU (LLVM)")}};
  for (const ClDeviceInfo& d : clDevices())
    out.push_back({QString::fromStdString(d.name), QStringLiteral("%1 %2 (%3)").arg(QString::fromStdString(d.name),
                                                                                     QString::fromStdString(d.deviceName),
                                                                                     QString::fromStdString(d.platformName))});
  return out;
}

CpuDevice& sharedCpu() {
  static CpuDevice device;
  return device;
}

DeviceRunResult runOnDevice(const QString& device, std::shared_ptr<PipelineRun> run, std::vector<UOpPtr> roots,
                            int repeat) {
  static std::mutex mutex; // one run at a time: devices are shared
  std::lock_guard lock(mutex);
  DeviceRunResult out;
  out.device = device;
  try {
    BufferValues inputs = zeroFilledInputs(roots);
    std::vector<HostTensor> got;
    if (!loweredFor(*run, device.toStdString())) {
      // lowered for another device: again for this one, its OptOps by the heuristics
      CodegenTarget target = device == QStringLiteral("CPU") ? hostCpuTarget() : openClTarget(device.toStdString());
      target.heuristics = true;
      run = std::make_shared<PipelineRun>(runPipeline(roots, {.trace = false, .target = target}));
    }
    if (device == QStringLiteral("CPU")) {
      CpuScheduleRun r = runScheduleOnCpu(*run, sharedCpu(), inputs, repeat);
      out.kernels = std::move(r.kernels);
      got = std::move(r.outputs);
    } else {
      ClScheduleRun r = runScheduleOnCl(*run, sharedCl(device.toStdString()), inputs, repeat);
      out.kernels = std::move(r.kernels);
      got = std::move(r.outputs);
    }
    for (const ScheduledKernel& k : run->schedule.kernels) out.work.push_back(kernelWork(k));
    compareWithReference(got, inputs, roots, out);
  } catch (const std::exception& e) {
    out.error = QString::fromStdString(e.what());
  }
  return out;
}

} // namespace uops::views
