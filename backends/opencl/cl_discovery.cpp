#include "backends/opencl/cl_discovery.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_device_query.h"
#include "backends/opencl/cl_registry.h"

#include <CL/cl_ext.h>

#include <charconv>

namespace uops {

static std::vector<cl_platform_id> platformIds() {
  cl_uint count = 0;
  const cl_int status = clGetPlatformIDs(0, nullptr, &count);
  // The ICD loader's answer when no vendor ICD is installed: no devices, not an error.
  if (status == CL_PLATFORM_NOT_FOUND_KHR || count == 0) return {};
  checkCl(status, "clGetPlatformIDs", "listing OpenCL platforms");
  std::vector<cl_platform_id> ids(count);
  checkCl(clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs",
          "listing OpenCL platforms");
  return ids;
}

static std::vector<cl_device_id> deviceIds(cl_platform_id platform) {
  cl_uint count = 0;
  const cl_int status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
  if (status == CL_DEVICE_NOT_FOUND || count == 0) return {};
  checkCl(status, "clGetDeviceIDs", "listing a platform's devices");
  std::vector<cl_device_id> ids(count);
  checkCl(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr),
          "clGetDeviceIDs", "listing a platform's devices");
  return ids;
}

// One platform's devices, appended whole or not at all, so a driver failing
// halfway leaves no gap in the numbering of the platforms after it.
static void addPlatform(ClRegistry& registry, size_t platformIndex, cl_platform_id platform) {
  std::vector<ClDeviceInfo> infos;
  const std::vector<cl_device_id> ids = deviceIds(platform);
  for (size_t d = 0; d < ids.size(); ++d) {
    ClDeviceInfo info = queryDeviceInfo(platform, ids[d]);
    info.platformIndex = platformIndex;
    info.deviceIndex = d;
    infos.push_back(std::move(info));
  }
  for (size_t d = 0; d < infos.size(); ++d) {
    infos[d].index = registry.devices.size();
    infos[d].name = "CL:" + std::to_string(infos[d].index);
    registry.devices.push_back(std::move(infos[d]));
    registry.ids.push_back(ids[d]);
  }
}

static ClRegistry discover() {
  ClRegistry registry;
  const std::vector<cl_platform_id> platforms = platformIds();
  for (size_t p = 0; p < platforms.size(); ++p) {
    try {
      addPlatform(registry, p, platforms[p]);
    } catch (const ClError& e) {
      registry.warnings.push_back("OpenCL platform " + std::to_string(p) +
                                  " left out: " + e.what());
    }
  }
  return registry;
}

const ClRegistry& clRegistry() {
  static const ClRegistry registry = discover(); // thread-safe; retried if it throws
  return registry;
}

const std::vector<ClDeviceInfo>& clDevices() {
  return clRegistry().devices;
}

const std::vector<std::string>& clDiscoveryWarnings() {
  return clRegistry().warnings;
}

std::optional<size_t> parseClDeviceName(std::string_view name) {
  if (!name.starts_with("CL:") || name.size() == 3) return {};
  size_t index = 0;
  const char* end = name.data() + name.size();
  const auto [ptr, ec] = std::from_chars(name.data() + 3, end, index);
  if (ec != std::errc() || ptr != end) return {};
  return index;
}

} // namespace uops
