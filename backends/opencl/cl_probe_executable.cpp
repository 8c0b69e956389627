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
  auto isFile = [](const fs::path& p) {
    std::error_code missing; // a path that is not there sets it: not an error here
    return fs::is_regular_file(p, missing);
  };
  if (!error) {
    const fs::path beside = self.parent_path() / kProbeName;
    if (isFile(beside)) return beside.string();
    // installed: bin/uopc and libexec/uopscope/uopscope-clprobe (backends/opencl/CMakeLists.txt)
    const fs::path installed =
        (self.parent_path() / UOPSCOPE_CLPROBE_FROM_BIN / kProbeName).lexically_normal();
    if (isFile(installed)) return installed.string();
  }
  const fs::path built = UOPSCOPE_CLPROBE_PATH; // CMakeLists.txt: $<TARGET_FILE:uopscope-clprobe>
  if (isFile(built)) return built.string();
  return {};
}

const std::string& clProbeExecutable() {
  static const std::string path = findProbe();
  if (path.empty())
    throw ClError(ClError::Kind::Usage,
                  std::string("the OpenCL probe executable ") + kProbeName +
                      " is not beside this program, nor in " + UOPSCOPE_CLPROBE_FROM_BIN +
                      " from it, nor at " + UOPSCOPE_CLPROBE_PATH + ": build the target " +
                      kProbeName + " (or set UOPSCOPE_CL_PROBE=0 to launch kernels unprobed)");
  return path;
}

} // namespace uops
