#include "app/uopc/commands.h"

#include "backends/opencl/cl_listing.h"

#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {

void addDevicesCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("devices", "the devices programs can run on");
  cmd->callback([] {
    std::cout << "REF     the reference evaluator (exact, no kernels)\n";
    std::cout << "INTERP  the schedule's kernels interpreted (exact, slow)\n";
    std::cout << fmt::format("CPU     this machine through LLVM's ORC JIT, {} threads\n",
                             std::max(1u, std::thread::hardware_concurrency()));
    std::cout << uops::clDevicesListing();
  });
}

} // namespace uopc
