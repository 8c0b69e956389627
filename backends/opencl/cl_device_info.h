// What discovery learns about one CL:<n> device: names, limits and the
// capabilities a renderer asks about (half, double, subgroups, __local).
// Plain data, read once per process by clDevices().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

// CL_DEVICE_LOCAL_MEM_TYPE: where __local variables live.
enum class ClLocalMemType {
  None,   // CL_NONE: no __local address space (some custom devices)
  Local,  // CL_LOCAL: dedicated on-chip memory (GPUs)
  Global, // CL_GLOBAL: emulated in global memory (PoCL's CPU device)
};

const char* toString(ClLocalMemType type); // "none", "local", "global"

struct ClDeviceInfo {
  std::string name;         // "CL:0": the device's name everywhere in UOpScope
  size_t index = 0;         // n in CL:n (platform order, then device order)
  size_t platformIndex = 0; // position in clGetPlatformIDs' list
  size_t deviceIndex = 0;   // position in the platform's clGetDeviceIDs list

  std::string platformName;    // "Portable Computing Language"
  std::string platformVersion; // "OpenCL 3.0 PoCL 3.1+debian ..."
  std::string deviceName;      // "pthread-skylake-avx512-AMD EPYC"
  std::string vendor;          // CL_DEVICE_VENDOR
  std::string version;         // CL_DEVICE_VERSION: "OpenCL <major>.<minor> <vendor text>"
  std::string driverVersion;   // CL_DRIVER_VERSION
  std::string openclCVersion;  // CL_DEVICE_OPENCL_C_VERSION: what build options may ask for
  std::string type;            // "CPU", "GPU", "accelerator", "custom", "default"
  int versionMajor = 0;        // parsed from version: 1.x devices lack 2.0's calls
  int versionMinor = 0;

  uint32_t computeUnits = 0;
  size_t maxWorkGroupSize = 0;
  std::array<size_t, 3> maxWorkItemSizes{}; // per dimension
  uint64_t localMemSize = 0;                // bytes of __local per work-group
  uint64_t globalMemSize = 0;               // bytes
  uint64_t maxAllocSize = 0;                // the largest single buffer, bytes
  ClLocalMemType localMemType = ClLocalMemType::None;
  std::vector<std::string> extensions; // in the driver's order

  // Derived once at discovery, from the extensions and the properties above.
  bool hasFp16 = false;      // cl_khr_fp16: half arithmetic, not just half loads/stores
  bool hasFp64 = false;      // cl_khr_fp64 (or a nonzero CL_DEVICE_DOUBLE_FP_CONFIG)
  bool hasSubgroups = false; // cl_khr_subgroups / cl_intel_subgroups, or 2.1+ subgroups
  // __local variables compile (type Local or Global); whether they are worth
  // it is hasDedicatedLocalMemory (type Local: real on-chip memory).
  bool hasLocalMemory = false;
  bool hasDedicatedLocalMemory = false;

  bool hasExtension(std::string_view extension) const;
};

} // namespace uops
