#include "backends/opencl/cl_build.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/numbered_source.h"

#include <chrono>
#include <sstream>
#include <vector>

namespace uops {

static std::string buildLog(cl_program program, cl_device_id device) {
  size_t size = 0;
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) !=
          CL_SUCCESS ||
      size == 0)
    return {};
  std::vector<char> bytes(size + 1, '\0');
  if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, bytes.data(), nullptr) !=
      CL_SUCCESS)
    return {};
  std::string log(bytes.data());
  // Drivers pad with blank lines; the message adds its own line breaks.
  while (!log.empty() && (log.back() == '\n' || log.back() == ' '))
    log.pop_back();
  return log;
}

// CL_PROGRAM_KERNEL_NAMES is "a;b;c" (OpenCL 1.2); a 1.1 driver leaves the list empty.
static std::vector<std::string> kernelNames(cl_program program) {
  size_t size = 0;
  if (clGetProgramInfo(program, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &size) != CL_SUCCESS)
    return {};
  std::vector<char> bytes(size + 1, '\0');
  if (clGetProgramInfo(program, CL_PROGRAM_KERNEL_NAMES, size, bytes.data(), nullptr) != CL_SUCCESS)
    return {};
  std::vector<std::string> names;
  std::istringstream stream(bytes.data());
  for (std::string name; std::getline(stream, name, ';');)
    if (!name.empty()) names.push_back(name);
  return names;
}

static ClError buildError(cl_int status, const std::string& deviceName, const std::string& source,
                          const std::string& options, std::string log) {
  std::string message = "building OpenCL C for " + deviceName +
                        " failed: clBuildProgram returned " + clErrorName(status) + " (" +
                        std::to_string(status) + ")\n";
  message += "options: " + (options.empty() ? std::string("(none)") : options) + "\n";
  message += "build log:\n" + (log.empty() ? std::string("(the driver wrote none)") : log) + "\n";
  message += "source:\n" + numberedSource(source);
  return ClError::buildFailure(message, status, std::move(log), source);
}

std::shared_ptr<ClProgram::State> buildProgram(cl_context context, cl_device_id device,
                                               const std::string& deviceName,
                                               const std::string& source,
                                               const std::string& options) {
  auto state = std::make_shared<ClProgram::State>();
  state->context = context;
  state->device = device;
  state->deviceName = deviceName;
  state->source = source;
  state->options = options;

  const char* text = source.c_str();
  const size_t length = source.size();
  cl_int status = CL_SUCCESS;
  state->program = OwnedProgram(clCreateProgramWithSource(context, 1, &text, &length, &status));
  checkCl(status, "clCreateProgramWithSource", "building OpenCL C for " + deviceName);

  const auto start = std::chrono::steady_clock::now();
  status = clBuildProgram(state->program.get(), 1, &device, options.c_str(), nullptr, nullptr);
  state->buildMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  state->buildLog = buildLog(state->program.get(), device);
  if (status != CL_SUCCESS) throw buildError(status, deviceName, source, options, state->buildLog);
  state->kernelNames = kernelNames(state->program.get());
  return state;
}

} // namespace uops
