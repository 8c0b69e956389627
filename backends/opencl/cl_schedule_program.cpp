#include "backends/opencl/cl_schedule_program.h"

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

namespace uops {
namespace {

// `body` (a `__kernel void FROM(...` definition) with its function named `to`,
// a __kernel or, for a dispatcher to call, a plain function.
std::string renamed(const std::string& body, const std::string& from, const std::string& to, bool kernel) {
  const std::string head = "__kernel void " + from + "(";
  if (!body.starts_with(head)) return body;
  return std::string(kernel ? "__kernel void " : "void ") + to + "(" + body.substr(head.size());
}

// The parameter types of a `__kernel void f(T0 data0, T1 data1) {` definition,
// without `restrict` ("__global const float*"); empty if one is not a __global
// pointer or the body has __local memory (it must stay a __kernel).
std::vector<std::string> callableParams(const std::string& body) {
  const size_t open = body.find('('), close = body.find(')');
  if (open == std::string::npos || close == std::string::npos || body.find("__local") != std::string::npos)
    return {};
  std::vector<std::string> types;
  std::string list = body.substr(open + 1, close - open - 1);
  for (size_t start = 0; start < list.size();) {
    size_t end = list.find(", ", start);
    std::string decl = list.substr(start, end == std::string::npos ? std::string::npos : end - start);
    start = end == std::string::npos ? list.size() : end + 2;
    const size_t name = decl.rfind(' ');
    if (!decl.starts_with("__global ") || decl.find('*') == std::string::npos || name == std::string::npos) return {};
    std::string type = decl.substr(0, name);
    if (type.ends_with(" restrict")) type.resize(type.size() - std::string(" restrict").size());
    types.push_back(type);
  }
  return types;
}

struct Dispatcher {
  std::string name;
  std::vector<std::pair<std::string, std::vector<std::string>>> cases; // function, parameter types
  size_t buffers = 0;
};

std::string dispatcherSource(const Dispatcher& d) {
  std::string out = fmt::format("__kernel void {}(int which", d.name);
  for (size_t b = 0; b < d.buffers; ++b) out += fmt::format(", __global uchar* b{}", b);
  out += ") {\n  switch (which) {\n";
  for (size_t c = 0; c < d.cases.size(); ++c) {
    const auto& [function, types] = d.cases[c];
    out += fmt::format("  case {}: {}(", c, function);
    for (size_t b = 0; b < types.size(); ++b) out += fmt::format("{}({})b{}", b ? ", " : "", types[b], b);
    out += "); break;\n";
  }
  return out + "  }\n}\n";
}

} // namespace

ScheduleProgram scheduleProgram(const std::vector<LoweredKernel>& kernels, int dispatchers) {
  ScheduleProgram out;
  std::vector<std::string> helpers; // definitions in first-use order
  std::set<std::string> helperSet;
  std::string bodies;
  size_t count = 0;
  std::set<std::string> extensions;
  std::map<std::string, ProgramEntry> entryOfBody; // the body as rendered -> how it is launched
  std::map<std::string, size_t> taken;             // function name -> bodies that asked for it
  std::vector<Dispatcher> dispatch(static_cast<size_t>(std::max(dispatchers, 0)));
  for (size_t d = 0; d < dispatch.size(); ++d) dispatch[d].name = fmt::format("small_kernels_{}", d);
  size_t nextDispatcher = 0;
  for (const LoweredKernel& kernel : kernels) {
    const RenderedKernel& k = kernel.rendered;
    std::string body = k.text.substr(k.kernelOffset);
    auto [it, added] = entryOfBody.try_emplace(body);
    if (added) {
      const size_t before = taken[k.function]++;
      std::string function = before == 0 ? k.function : fmt::format("{}n{}", k.function, before);
      for (const std::string& h : k.helpers)
        if (helperSet.insert(h).second) helpers.push_back(h);
      std::vector<std::string> params = dispatch.empty() ? std::vector<std::string>{} : callableParams(body);
      if (params.empty()) {
        it->second.function = function;
        bodies += renamed(body, k.function, function, true);
      } else {
        Dispatcher& d = dispatch[nextDispatcher++ % dispatch.size()];
        it->second.function = d.name;
        it->second.dispatchCase = static_cast<int>(d.cases.size());
        d.buffers = std::max(d.buffers, params.size());
        d.cases.emplace_back(function, std::move(params));
        bodies += renamed(body, k.function, function, false);
      }
      extensions.insert(k.extensions.begin(), k.extensions.end());
      ++count;
    }
    out.entry.push_back(it->second);
  }
  for (const Dispatcher& d : dispatch)
    if (!d.cases.empty()) bodies += dispatcherSource(d);
  for (ProgramEntry& e : out.entry)
    for (const Dispatcher& d : dispatch)
      if (e.dispatchCase >= 0 && e.function == d.name) e.dispatchBuffers = static_cast<int>(d.buffers);
  out.source = fmt::format("// {} kernels of a schedule, rendered by UOpScope for OpenCL\n", count);
  for (const std::string& e : extensions) out.source += fmt::format("#pragma OPENCL EXTENSION {} : enable\n", e);
  for (const std::string& h : helpers) out.source += h + "\n";
  out.source += bodies;
  return out;
}

} // namespace uops
