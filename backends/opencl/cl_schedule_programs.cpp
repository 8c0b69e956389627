#include "backends/opencl/cl_schedule_programs.h"

#include "backends/opencl/cl_kernel.h"

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

namespace uops {
namespace {

struct Batch {
  std::vector<std::string> helpers; // definitions in first-use order
  std::set<std::string> helperSet;
  std::map<std::string, std::string> bodies; // by function name
  std::string kernels;
  bool fp64 = false;

  // Adds the kernel unless its function name is taken by another body; false then.
  bool add(const RenderedOpenCl& k) {
    std::string body = k.source.substr(k.kernelOffset);
    auto [it, added] = bodies.try_emplace(k.function, body);
    if (!added) return it->second == body;
    for (const std::string& h : k.helpers)
      if (helperSet.insert(h).second) helpers.push_back(h);
    kernels += body;
    fp64 = fp64 || k.needsFp64;
    return true;
  }

  std::string source() const {
    std::string s = fmt::format("// {} kernels of a schedule, rendered by UOpScope for OpenCL\n", bodies.size());
    if (fp64) s += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    for (const std::string& h : helpers) s += h + "\n";
    return s + kernels;
  }
};

} // namespace

std::vector<ClProgram> buildSchedulePrograms(ClDevice& device, const std::vector<LoweredKernel>& kernels) {
  if (kernels.size() == 1) return {buildKernel(device, kernels[0])};
  std::vector<Batch> batches;
  std::vector<size_t> batchOf;
  for (const LoweredKernel& k : kernels) {
    checkBuildable(device, k);
    size_t b = 0;
    while (b < batches.size() && !batches[b].add(k.opencl)) ++b;
    if (b == batches.size()) batches.emplace_back().add(k.opencl);
    batchOf.push_back(b);
  }
  std::vector<ClProgram> programs;
  for (const Batch& b : batches) programs.push_back(device.build(b.source(), kOpenClBuildOptions));
  std::vector<ClProgram> result;
  for (size_t b : batchOf) result.push_back(programs[b]);
  return result;
}

} // namespace uops
