#include "app/uopc/commands.h"

#include "core/engine/device_registry.h"

#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {

void addPeaksCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("peaks", "a device's peak float32 rate and memory bandwidth (the roofline's roofs), "
                                          "measured with kernels built to reach them");
  auto device = std::make_shared<std::string>("CPU");
  auto json = std::make_shared<bool>(false);
  cmd->add_option("--device", *device, "the device to measure (CPU, CL:<n>, CUDA:<n>)")->capture_default_str();
  cmd->add_flag("--json", *json, R"(one JSON object: {"device", "gflops", "gbps", "ridge"})");
  cmd->callback([device, json] {
    uops::Device& d = uops::openDevice(*device);
    const uops::DevicePeaks p = d.measurePeaks();
    if (*json)
      std::cout << fmt::format(R"({{"device": "{}", "gflops": {:.1f}, "gbps": {:.1f}, "ridge": {:.3f}}})", d.name(),
                               p.gflops, p.gbps, p.ridge())
                << "\n";
    else
      std::cout << fmt::format("{}: {:.1f} GFLOP/s float32, {:.1f} GB/s, ridge {:.2f} FLOP/byte\n", d.description().description,
                               p.gflops, p.gbps, p.ridge());
  });
}

} // namespace uopc
