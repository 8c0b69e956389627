// Private: one device's ClDeviceInfo from the driver (everything but its
// CL:<n> name and indices, which discovery assigns).
#pragma once

#include "backends/opencl/cl_api.h"
#include "backends/opencl/cl_device_info.h"

#include <string>
#include <vector>

namespace uops {

ClDeviceInfo queryDeviceInfo(cl_platform_id platform, cl_device_id device);

// "a  b c" -> {"a", "b", "c"}: drivers separate extensions by any run of blanks.
std::vector<std::string> splitExtensions(const std::string& text);

} // namespace uops
