// Private: what the parent sends the probe executable on its stdin, as JSON:
//   {"device": "CL:0",
//    "programs": [{"source": "...", "options": "..."}],
//    "launches": [{"program": 0, "kernel": "add", "global": [64], "local": [16],
//                  "args": [{"buffer": 256}, {"int32": 3}, {"int64": 5},
//                           {"float_bits": 1056964608}]}],
//    "inject_fault": "opencl:add"}   (only when the parent has the variable set)
// A float travels as its bits (NaN has no JSON number); an empty "local"
// leaves the local size to the driver. A request is one line on the probe's
// stdin; it answers on its stdout with a line per launch it got through, in
// order, "ok <i>" or "refused <i>" when OpenCL returned an error (its
// message on stderr), then "done". It reads requests until its stdin ends.
// It exits 2 when a program does not build (the log on stderr), 1 for a
// request it cannot read or a device it cannot open.
#pragma once

#include "backends/opencl/cl_probe.h"

#include <string>
#include <string_view>
#include <vector>

namespace uops {

struct ClProbeRequest {
  struct Program {
    std::string source;
    std::string options;
  };
  struct Launch {
    size_t program = 0; // index into programs
    std::string kernel;
    std::vector<ClProbeArg> args;
    ClRange global;
    ClRange local;
    std::string name{}; // ClProbeLaunch::name ("name" in JSON, only when set)
    const std::string& shownName() const { return name.empty() ? kernel : name; }
  };
  std::string device; // "CL:0"
  std::vector<Program> programs;
  std::vector<Launch> launches;
  std::string injectFault{}; // the parent's UOPSCOPE_INJECT_FAULT (core/runtime/fault_injection.h)
};

std::string toJson(const ClProbeRequest& request);
// Throws ClError (Usage) for text that is not such a request.
ClProbeRequest parseProbeRequest(std::string_view json);

} // namespace uops
