#include "backends/opencl/cl_device_query.h"

#include "backends/opencl/cl_info.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace uops {

std::vector<std::string> splitExtensions(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream stream(text);
  for (std::string word; stream >> word;)
    words.push_back(word);
  return words;
}

static const char* typeName(cl_device_type type) {
  if (type & CL_DEVICE_TYPE_GPU) return "GPU";
  if (type & CL_DEVICE_TYPE_CPU) return "CPU";
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  if (type & CL_DEVICE_TYPE_CUSTOM) return "custom";
  return "default";
}

static ClLocalMemType localMemType(cl_device_local_mem_type type) {
  if (type == CL_LOCAL) return ClLocalMemType::Local;
  if (type == CL_GLOBAL) return ClLocalMemType::Global;
  return ClLocalMemType::None;
}

// A launch has at most 3 dimensions, but a device may report more (the spec's
// minimum is 3), and the query wants room for all of them.
static std::array<size_t, 3> maxWorkItemSizes(cl_device_id device) {
  const auto dims = deviceValue<cl_uint>(device, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
  std::vector<size_t> sizes(std::max<cl_uint>(dims, 3), 1);
  checkCl(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizes.size() * sizeof(size_t),
                          sizes.data(), nullptr),
          "clGetDeviceInfo", "reading the work-item sizes");
  return {sizes[0], sizes[1], sizes[2]};
}

// The spec fixes CL_DEVICE_VERSION's start: "OpenCL <major>.<minor> ...".
static void parseVersion(ClDeviceInfo& info) {
  if (std::sscanf(info.version.c_str(), "OpenCL %d.%d", &info.versionMajor, &info.versionMinor) !=
      2)
    info.versionMajor = info.versionMinor = 0;
}

// Capabilities a renderer branches on, each from the extension the OpenCL C
// feature needs, or the core property that replaced it in later versions.
static void deriveFlags(ClDeviceInfo& info, cl_device_id device) {
  info.hasFp16 = info.hasExtension("cl_khr_fp16");
  const auto doubleConfig = tryDeviceValue<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG);
  info.hasFp64 = info.hasExtension("cl_khr_fp64") || (doubleConfig && *doubleConfig != 0);
  // 2.1 made subgroups core; 3.0 devices without them report 0 here.
  const bool coreSubgroups =
      info.versionMajor > 2 || (info.versionMajor == 2 && info.versionMinor >= 1);
  const auto maxSubgroups =
      coreSubgroups ? tryDeviceValue<cl_uint>(device, CL_DEVICE_MAX_NUM_SUB_GROUPS) : std::nullopt;
  info.hasSubgroups = info.hasExtension("cl_khr_subgroups") ||
                      info.hasExtension("cl_intel_subgroups") ||
                      (maxSubgroups && *maxSubgroups > 0);
  info.hasLocalMemory = info.localMemType != ClLocalMemType::None;
  info.hasDedicatedLocalMemory = info.localMemType == ClLocalMemType::Local;
}

ClDeviceInfo queryDeviceInfo(cl_platform_id platform, cl_device_id device) {
  ClDeviceInfo info;
  info.platformName = platformString(platform, CL_PLATFORM_NAME);
  info.platformVersion = platformString(platform, CL_PLATFORM_VERSION);
  info.deviceName = deviceString(device, CL_DEVICE_NAME);
  info.vendor = deviceString(device, CL_DEVICE_VENDOR);
  info.version = deviceString(device, CL_DEVICE_VERSION);
  info.driverVersion = deviceString(device, CL_DRIVER_VERSION);
  info.openclCVersion = deviceString(device, CL_DEVICE_OPENCL_C_VERSION);
  info.type = typeName(deviceValue<cl_device_type>(device, CL_DEVICE_TYPE));
  parseVersion(info);

  info.computeUnits = deviceValue<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS);
  info.maxWorkGroupSize = deviceValue<size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  info.maxWorkItemSizes = maxWorkItemSizes(device);
  info.localMemSize = deviceValue<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE);
  info.globalMemSize = deviceValue<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
  info.maxAllocSize = deviceValue<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  info.localMemType =
      localMemType(deviceValue<cl_device_local_mem_type>(device, CL_DEVICE_LOCAL_MEM_TYPE));
  info.extensions = splitExtensions(deviceString(device, CL_DEVICE_EXTENSIONS));
  deriveFlags(info, device);
  return info;
}

} // namespace uops
