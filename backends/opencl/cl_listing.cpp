#include "backends/opencl/cl_listing.h"

#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_error.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace uops {

static constexpr size_t kIndent = 6;  // under the device's name, past "CL:n  "
static constexpr size_t kWidth = 100; // .clang-format's column limit; terminals fit it

std::string formatBytes(uint64_t bytes) {
  static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = double(bytes);
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(units)) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  const bool whole = value == double(uint64_t(value));
  std::snprintf(text, sizeof text, whole ? "%.0f %s" : "%.1f %s", value, units[unit]);
  return text;
}

static const char* yesNo(bool flag) {
  return flag ? "yes" : "no";
}

static std::string extensionLines(const std::vector<std::string>& extensions) {
  const std::string indent(kIndent, ' ');
  std::string text = indent + "extensions:";
  size_t column = text.size();
  for (const std::string& extension : extensions) {
    if (column + 1 + extension.size() > kWidth) {
      text += "\n" + indent + "  ";
      column = kIndent + 2;
    } else {
      text += ' ';
      ++column;
    }
    text += extension;
    column += extension.size();
  }
  if (extensions.empty()) text += " none";
  return text + "\n";
}

static std::string deviceBlock(const ClDeviceInfo& d) {
  const std::string indent(kIndent, ' ');
  std::string head = d.name;
  head.resize(std::max(head.size() + 2, kIndent), ' ');
  const auto& w = d.maxWorkItemSizes;
  return head + d.deviceName + "  [" + d.type + ", " + d.platformName + "]\n" + indent + "vendor " +
         d.vendor + ", driver " + d.driverVersion + "\n" + indent + d.version + ", " +
         d.openclCVersion + "\n" + indent + std::to_string(d.computeUnits) +
         " compute units; work-groups up to " + std::to_string(d.maxWorkGroupSize) + " (" +
         std::to_string(w[0]) + "x" + std::to_string(w[1]) + "x" + std::to_string(w[2]) + ")\n" +
         indent + "memory " + formatBytes(d.globalMemSize) + " global (" +
         formatBytes(d.maxAllocSize) + " per buffer), " + formatBytes(d.localMemSize) + " local (" +
         toString(d.localMemType) + ")\n" + indent + "fp16 " + yesNo(d.hasFp16) + ", fp64 " +
         yesNo(d.hasFp64) + ", subgroups " + yesNo(d.hasSubgroups) + ", local memory " +
         yesNo(d.hasLocalMemory) + " (dedicated " + yesNo(d.hasDedicatedLocalMemory) + ")\n" +
         extensionLines(d.extensions);
}

std::string formatClDevices(const std::vector<ClDeviceInfo>& devices,
                            const std::vector<std::string>& warnings) {
  std::string text;
  for (const ClDeviceInfo& device : devices)
    text += deviceBlock(device);
  if (devices.empty())
    text += "no OpenCL devices (the ICD loader found no platform with devices)\n";
  for (const std::string& warning : warnings)
    text += "warning: " + warning + "\n";
  return text;
}

std::string clDevicesListing() {
  try {
    return formatClDevices(clDevices(), clDiscoveryWarnings());
  } catch (const ClError& e) {
    return std::string("no OpenCL devices: ") + e.what() + "\n";
  }
}

} // namespace uops
