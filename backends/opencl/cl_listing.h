// The OpenCL part of `uopc devices`: one block per device, as text.
#pragma once

#include "backends/opencl/cl_device_info.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

// A pure function of its input (tests give it hand-made devices). Each device:
// its CL:n name, device name, type and platform; vendor and versions; limits;
// capability flags; the extensions wrapped at 100 columns. Warnings follow
// the devices; no devices at all gives one line that says so.
std::string formatClDevices(const std::vector<ClDeviceInfo>& devices,
                            const std::vector<std::string>& warnings = {});

// formatClDevices(clDevices(), clDiscoveryWarnings()); a loader failure
// becomes a line of text too, since the listing is what users run to find out.
std::string clDevicesListing();

// 1048576 -> "1 MiB", 1536 -> "1.5 KiB", 100 -> "100 B".
std::string formatBytes(uint64_t bytes);

} // namespace uops
