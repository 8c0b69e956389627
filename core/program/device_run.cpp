#include "core/program/device_run.h"

#include "core/program/host_eval.h"
#include "core/program/interp_run.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

namespace uops::program {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, DeviceRunner> runners;
};

Registry& registry() {
  static Registry r;
  return r;
}

std::string deviceKind(const std::string& device) {
  return device.substr(0, device.find(':'));
}

// The devices PROGRAM_FORMAT.md and DESIGN.md name; others are typos.
bool isKnownDevice(const std::string& kind) {
  return kind == "CPU" || kind == "INTERP" || kind == "CL";
}

} // namespace

void registerDevice(const std::string& name, DeviceRunner runner) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.runners.insert_or_assign(deviceKind(name), std::move(runner));
}

DeviceRun runOnDevice(const std::vector<Tensor>& outputs, const std::string& device,
                      const RunSettings& settings) {
  if (device == "REF") return {.outputs = evaluateOnHost(outputs), .kernels = 0, .times = {}};
  if (device == "INTERP") return runOnInterp(outputs, settings);
  std::string kind = deviceKind(device);
  DeviceRunner runner;
  {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    if (auto it = r.runners.find(kind); it != r.runners.end()) runner = it->second;
  }
  if (runner) {
    RunSettings named = settings;
    named.device = device;
    return runner(outputs, named);
  }
  if (isKnownDevice(kind)) throw DeviceError(fmt::format("device {} is not available yet", device));
  throw DeviceError(
      fmt::format("unknown device '{}' (expected REF, CPU, INTERP or CL:<n>)", device));
}

} // namespace uops::program
