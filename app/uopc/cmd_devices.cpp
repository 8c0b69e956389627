#include "app/uopc/commands.h"

#include "backends/cuda/cuda_device_info.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_listing.h"
#include "backends/opencl/cl_probe.h"
#include "backends/opencl/cl_probe_executable.h"
#include "core/engine/device_registry.h"

#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {

void addDevicesCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("devices", "the devices programs can run on");
  auto targets = std::make_shared<bool>(false);
  cmd->add_flag("--targets", *targets,
                "the compile-only GPU targets instead (any sm_<NN> or gfx<NNNN> LLVM knows: uopc emit --target)");
  cmd->callback([targets] {
    if (*targets) {
      for (const uops::DeviceDescription& d : uops::listDevices())
        if (d.compileOnly) std::cout << fmt::format("{:<7} {}\n", d.name, d.description);
      return;
    }
    for (const uops::DeviceDescription& d : uops::listDevices())
      if (!d.compileOnly) std::cout << fmt::format("{:<7} {}\n", d.name, d.description);
    std::cout << fmt::format("\nCPU: {} threads; CPU:1 .. CPU:63 are virtual devices on the same host (a queue each)\n"
                             "for programs on device tuples\n\nOpenCL:\n",
                             std::max(1u, std::thread::hardware_concurrency()));
    std::cout << uops::clDevicesListing();
    // where a launch's first run happens (cl_probe.h): beside uopc, in an
    // installed libexec/uopscope, or in the build tree
    try {
      std::cout << (uops::clProbesEnabled() ? "probe: " + uops::clProbeExecutable()
                                            : std::string("probe: none (UOPSCOPE_CL_PROBE=0)"))
                << "\n";
    } catch (const uops::ClError& e) {
      std::cout << "probe: " << e.what() << "\n";
    }
    std::cout << "\n" << uops::cudaDevicesListing(uops::systemCudaDriver());
  });
}

} // namespace uopc
