#include "core/program/device_run.h"

#include "core/engine/interp_device.h"
#include "core/engine/device_registry.h"

namespace uops::program {

std::vector<UOpPtr> rootsOf(const std::vector<Tensor>& outputs) {
  std::vector<UOpPtr> roots;
  roots.reserve(outputs.size());
  for (const Tensor& t : outputs) roots.push_back(t.uop());
  return roots;
}

DeviceRun runOnDevice(const std::vector<Tensor>& outputs, const std::string& device, const RunSettings& settings) {
  registerInterpDevice();
  return runProgram(openDevice(device), rootsOf(outputs), settings);
}

} // namespace uops::program
