#include "backends/opencl/cl_schedule_programs.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

namespace uops {
namespace {

struct Program {
  std::vector<std::string> helpers; // definitions in first-use order
  std::set<std::string> helperSet;
  std::string kernels;
  size_t count = 0;
  bool fp64 = false;

  void add(const RenderedOpenCl& k, const std::string& body) {
    for (const std::string& h : k.helpers)
      if (helperSet.insert(h).second) helpers.push_back(h);
    kernels += body;
    fp64 = fp64 || k.needsFp64;
    ++count;
  }

  std::string source() const {
    std::string s = fmt::format("// {} kernels of a schedule, rendered by UOpScope for OpenCL\n", count);
    if (fp64) s += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    for (const std::string& h : helpers) s += h + "\n";
    return s + kernels;
  }
};

// `body` (a `__kernel void NAME(...` definition) with its function named `name`.
std::string renamed(const std::string& body, const std::string& from, const std::string& to) {
  const std::string head = "__kernel void " + from + "(";
  if (from == to || !body.starts_with(head)) return body;
  return "__kernel void " + to + "(" + body.substr(head.size());
}

} // namespace

ScheduleProgramPlan planSchedulePrograms(const std::vector<LoweredKernel>& kernels, size_t programs) {
  ScheduleProgramPlan plan;
  plan.programOf.resize(kernels.size());
  plan.functionOf.resize(kernels.size());
  // distinct bodies first: equal kernels share a function, colliding names get a suffix
  struct Distinct {
    size_t first = 0; // the kernel that brought it
    std::string body; // with its final function name
    std::vector<size_t> kernels;
  };
  std::vector<Distinct> distinct;
  std::map<std::string, size_t> byBody; // the body as rendered -> distinct index
  std::map<std::string, size_t> suffixes; // function name -> bodies that asked for it
  for (size_t i = 0; i < kernels.size(); ++i) {
    const RenderedOpenCl& k = kernels[i].opencl;
    std::string body = k.source.substr(k.kernelOffset);
    auto [it, added] = byBody.try_emplace(body, distinct.size());
    if (added) {
      const size_t taken = suffixes[k.function]++;
      const std::string function = taken == 0 ? k.function : fmt::format("{}n{}", k.function, taken);
      distinct.push_back({i, renamed(body, k.function, function), {}});
      plan.functionOf[i] = function;
    } else {
      plan.functionOf[i] = plan.functionOf[distinct[it->second].first];
    }
    distinct[it->second].kernels.push_back(i);
  }
  // the largest first, each to the smallest program so far
  std::vector<size_t> order(distinct.size());
  for (size_t d = 0; d < order.size(); ++d) order[d] = d;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return distinct[a].body.size() > distinct[b].body.size(); });
  std::vector<Program> made(std::clamp<size_t>(programs, 1, std::max<size_t>(distinct.size(), 1)));
  std::vector<size_t> sizes(made.size(), 0);
  std::vector<size_t> programOfDistinct(distinct.size());
  for (size_t d : order) {
    const size_t p = size_t(std::min_element(sizes.begin(), sizes.end()) - sizes.begin());
    programOfDistinct[d] = p;
    sizes[p] += distinct[d].body.size();
  }
  for (size_t d = 0; d < distinct.size(); ++d) { // schedule order inside each program
    made[programOfDistinct[d]].add(kernels[distinct[d].first].opencl, distinct[d].body);
    for (size_t k : distinct[d].kernels) plan.programOf[k] = programOfDistinct[d];
  }
  for (const Program& p : made) plan.sources.push_back(p.source());
  return plan;
}

} // namespace uops
