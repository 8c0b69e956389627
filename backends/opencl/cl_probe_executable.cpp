#include "backends/opencl/cl_probe_executable.h"

#include "backends/opencl/cl_error.h"

#include <filesystem>
#include <system_error>

namespace uops {

static constexpr const char* kProbeName = "uopscope-clprobe";

static std::string findProbe() {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  const fs::path beside = self.parent_path() / kProbeName;
  if (!error && fs::is_regular_file(beside, error)) return beside.string();
  const fs::path built = UOPSCOPE_CLPROBE_PATH; // CMakeLists.txt: $<TARGET_FILE:uopscope-clprobe>
  if (fs::is_regular_file(built, error)) return built.string();
  return {};
}

const std::string& clProbeExecutable() {
  static const std::string path = findProbe();
  if (path.empty())
    throw ClError(ClError::Kind::Usage,
                  std::string("the OpenCL probe executable ") + kProbeName +
                      " is neither beside this program nor at " + UOPSCOPE_CLPROBE_PATH +
                      ": build the target " + kProbeName +
                      " (or set UOPSCOPE_CL_PROBE=0 to launch kernels unprobed)");
  return path;
}

} // namespace uops
