#include "backends/opencl/cl_info.h"

#include <vector>

namespace uops {

// Both info calls have one shape: ask the size, then the bytes.
template <class Handle, class Param, class Fn>
static std::string queryString(Fn fn, Handle handle, Param param, const char* call) {
  size_t size = 0;
  checkCl(fn(handle, param, 0, nullptr, &size), call, "reading a string property");
  std::vector<char> bytes(size + 1, '\0');
  checkCl(fn(handle, param, size, bytes.data(), nullptr), call, "reading a string property");
  std::string text(bytes.data()); // stops at the first NUL
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n'))
    text.pop_back();
  return text;
}

std::string platformString(cl_platform_id platform, cl_platform_info param) {
  return queryString(clGetPlatformInfo, platform, param, "clGetPlatformInfo");
}

std::string deviceString(cl_device_id device, cl_device_info param) {
  return queryString(clGetDeviceInfo, device, param, "clGetDeviceInfo");
}

} // namespace uops
