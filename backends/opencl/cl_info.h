// Private: typed clGet*Info queries. Strings lose the trailing NUL and the
// trailing blanks some drivers pad them with (PoCL's platform version).
#pragma once

#include "backends/opencl/cl_check.h"

#include <optional>
#include <string>

namespace uops {

std::string platformString(cl_platform_id platform, cl_platform_info param);
std::string deviceString(cl_device_id device, cl_device_info param);

template <class T> T deviceValue(cl_device_id device, cl_device_info param) {
  T value{};
  checkCl(clGetDeviceInfo(device, param, sizeof value, &value, nullptr), "clGetDeviceInfo",
          "reading a device property");
  return value;
}

// For properties a device of an older OpenCL version does not know.
template <class T> std::optional<T> tryDeviceValue(cl_device_id device, cl_device_info param) {
  T value{};
  if (clGetDeviceInfo(device, param, sizeof value, &value, nullptr) != CL_SUCCESS) return {};
  return value;
}

} // namespace uops
