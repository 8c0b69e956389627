// Discovery: every OpenCL device of every platform the ICD loader finds,
// named CL:0, CL:1, ... in platform order, then the platform's device order.
// The order is the loader's, which is stable for an unchanged set of
// installed ICDs, so CL:n names the same device from run to run.
#pragma once

#include "backends/opencl/cl_device_info.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

// Read once per process (thread-safe) and kept. Empty when no ICD is
// installed. A platform the loader lists but cannot enumerate (a driver
// without its hardware) is left out and explained in clDiscoveryWarnings().
const std::vector<ClDeviceInfo>& clDevices();
const std::vector<std::string>& clDiscoveryWarnings();

// "CL:3" -> 3; nullopt for any other text. Says nothing of whether CL:3 exists.
std::optional<size_t> parseClDeviceName(std::string_view name);

} // namespace uops
