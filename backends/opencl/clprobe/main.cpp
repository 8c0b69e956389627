// uopscope-clprobe [DEVICE]: opens DEVICE (CL:<n>) at once, then runs the launches of each request (cl_probe_request.h,
// a line on stdin) once each, so that a driver's compiler that aborts at launch ends
// this process instead of the one that asked (cl_probe.h). Buffers are
// filled with 0x01 bytes: nonzero, so integer divisions do not trap, and the
// pipeline's bounds check proves every access in bounds whatever the data.
#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_probe_request.h"
#include "core/runtime/fault_injection.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

using namespace uops;

namespace {

// Skips destructors: releasing OpenCL objects at exit races the drivers' own
// teardown (cl_device.h), and a crash there would read as a failed compile.
[[noreturn]] void finish(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(status);
}

// Buffers of the launch's sizes filled with 0x01, scalars as given.
std::vector<ClArg> argsFor(ClDevice& device, const std::vector<ClProbeArg>& args,
                           std::vector<ClBuffer>& buffers) {
  buffers.reserve(args.size()); // no reallocation: ClArgs point into it
  std::vector<ClArg> made;
  for (const ClProbeArg& arg : args) {
    std::visit(
        [&](const auto& value) {
          if constexpr (std::is_same_v<std::decay_t<decltype(value)>, ClProbeBuffer>) {
            const size_t bytes = std::max<size_t>(value.bytes, 1);
            buffers.push_back(device.alloc(bytes));
            buffers.back().copyIn(std::vector<unsigned char>(bytes, 1));
            made.emplace_back(buffers.back());
          } else {
            made.emplace_back(value);
          }
        },
        arg);
  }
  return made;
}

// Runs one request's launches in order, answering a line for each.
void serve(ClDevice& device, const ClProbeRequest& request) {
  std::map<size_t, ClProgram> programs; // built on first use, by index
  for (size_t i = 0; i < request.launches.size(); ++i) {
    const ClProbeRequest::Launch& launch = request.launches[i];
    auto it = programs.find(launch.program);
    if (it == programs.end()) {
      const ClProbeRequest::Program& p = request.programs[launch.program];
      try {
        it = programs.emplace(launch.program, device.build(p.source, p.options)).first;
      } catch (const ClError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        finish(2);
      }
    }
    try {
      std::vector<ClBuffer> buffers;
      if (faultInjected("opencl", launch.shownName(), request.injectFault)) {
        std::fprintf(stderr, "fault injected by UOPSCOPE_INJECT_FAULT: the OpenCL compiler aborts on %s\n",
                     launch.shownName().c_str());
        std::abort();
      }
      device.launch(it->second, launch.kernel, argsFor(device, launch.args, buffers),
                    launch.global, launch.local);
      std::printf("ok %zu\n", i);
    } catch (const ClError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      std::printf("refused %zu\n", i);
    }
    std::fflush(stdout); // what got through must reach the parent before an abort in the next
  }
}

} // namespace

int main(int argc, char** argv) {
  std::ios_base::sync_with_stdio(false); // requests carry whole programs: read them in blocks
  std::map<std::string, ClDevice> devices; // by name, opened on first use
  try {
    // the device named on the command line is opened before the first request arrives
    if (argc > 1) devices.emplace(argv[1], ClDevice::open(argv[1], {.probeLaunches = false}));
    for (std::string line; std::getline(std::cin, line);) {
      const ClProbeRequest request = parseProbeRequest(line);
      auto it = devices.find(request.device);
      if (it == devices.end())
        it = devices.emplace(request.device, ClDevice::open(request.device, {.probeLaunches = false}))
                 .first;
      serve(it->second, request);
      std::printf("done\n");
      std::fflush(stdout);
    }
  } catch (const ClError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    finish(1);
  }
  finish(0);
}
