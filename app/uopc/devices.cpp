#include "app/uopc/devices.h"

#include "core/render/codegen_target.h"
#include "core/engine/device_registry.h"

#include <iostream>

#include <fmt/format.h>

namespace uopc {

std::string bestDevice() {
  for (const uops::DeviceDescription& d : uops::listDevices())
    if (d.accelerator) return d.name;
  return "CPU";
}

uops::RangeifyOptions rangeifyOptionsOn(const std::string& device) {
  if (const uops::CodegenTarget* target = uops::openDevice(device).target()) return uops::rangeifyOptionsFor(*target);
  return {};
}

void reportBeamOnStderr(uops::RunSettings& settings) {
  double budget = settings.beamBudgetSeconds;
  settings.beamProgress = [](const std::string& kernel, const uops::BeamProgress& p) {
    std::cerr << fmt::format("\rBEAM {} round {}: {} tried, best {:.4f} ms   ", kernel, p.round, p.tried, p.bestMs);
  };
  settings.beamDone = [budget](const std::string& kernel, const uops::BeamResult& r) {
    std::cerr << fmt::format("\rBEAM {}: {} -> {:.4f} ms{} ({} tried{})\n", kernel,
                             r.opts.empty() ? "no OptOps" : uops::formatOpts(r.opts), r.ms,
                             r.fromCache ? " from the cache" : fmt::format(", {:.4f} ms without", r.baselineMs),
                             r.tried, r.outOfTime ? fmt::format(", stopped after the {} s budget", budget) : "");
  };
}

} // namespace uopc
