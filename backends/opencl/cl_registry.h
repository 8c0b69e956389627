// Private: discovery's result with the driver handles that go with it, so
// ClDevice can open CL:n without enumerating again.
#pragma once

#include "backends/opencl/cl_api.h"
#include "backends/opencl/cl_device_info.h"

#include <string>
#include <vector>

namespace uops {

struct ClRegistry {
  std::vector<ClDeviceInfo> devices;
  std::vector<cl_device_id> ids; // ids[n] is CL:n's
  std::vector<std::string> warnings;
};

// Built on first use; a loader failure (other than "no platform") throws
// ClError and the next call tries again.
const ClRegistry& clRegistry();

} // namespace uops
