#include "backends/opencl/cl_device_info.h"

#include <algorithm>

namespace uops {

const char* toString(ClLocalMemType type) {
  switch (type) {
  case ClLocalMemType::None:
    return "none";
  case ClLocalMemType::Local:
    return "local";
  case ClLocalMemType::Global:
    return "global";
  }
  return "unknown";
}

bool ClDeviceInfo::hasExtension(std::string_view extension) const {
  return std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
}

} // namespace uops
