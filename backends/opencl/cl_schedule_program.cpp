#include "backends/opencl/cl_schedule_program.h"

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

namespace uops {
namespace {

// `body` (a `__kernel void FROM(...` definition) with its function named `to`.
std::string renamed(const std::string& body, const std::string& from, const std::string& to) {
  const std::string head = "__kernel void " + from + "(";
  if (from == to || !body.starts_with(head)) return body;
  return "__kernel void " + to + "(" + body.substr(head.size());
}

} // namespace

ScheduleProgram scheduleProgram(const std::vector<LoweredKernel>& kernels) {
  ScheduleProgram out;
  std::vector<std::string> helpers; // definitions in first-use order
  std::set<std::string> helperSet;
  std::string bodies;
  size_t count = 0;
  bool fp64 = false;
  std::map<std::string, std::string> functionOfBody; // the body as rendered -> its function's name
  std::map<std::string, size_t> taken;               // function name -> bodies that asked for it
  for (const LoweredKernel& kernel : kernels) {
    const RenderedOpenCl& k = kernel.opencl;
    std::string body = k.source.substr(k.kernelOffset);
    auto [it, added] = functionOfBody.try_emplace(body);
    if (added) {
      const size_t before = taken[k.function]++;
      it->second = before == 0 ? k.function : fmt::format("{}n{}", k.function, before);
      for (const std::string& h : k.helpers)
        if (helperSet.insert(h).second) helpers.push_back(h);
      bodies += renamed(body, k.function, it->second);
      fp64 = fp64 || k.needsFp64;
      ++count;
    }
    out.functionOf.push_back(it->second);
  }
  out.source = fmt::format("// {} kernels of a schedule, rendered by UOpScope for OpenCL\n", count);
  if (fp64) out.source += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  for (const std::string& h : helpers) out.source += h + "\n";
  out.source += bodies;
  return out;
}

} // namespace uops
