// Device names as users type them, one parser for uopc and uopscope:
// case-insensitive, "CL" alone is "CL:0". What a device can do decides which
// options apply to it (a run's --beam, --opts and --time need compiled
// kernels; the reference evaluator compiles none).
#pragma once

#include <string>
#include <string_view>

namespace uops::program {

// The canonical spelling of a device name: "REF", "INTERP", "CPU" or "CL:<n>".
// Throws DeviceError (device_run.h) naming the accepted forms.
std::string canonicalDeviceName(std::string_view typed);

// Whether a device runs compiled kernels: everything but REF.
bool runsKernels(const std::string& canonical);

// Whether a device has a code generator the explorer can show and time (CPU,
// CL:<n>); REF and INTERP run on the host without code of their own.
bool isCodegenTarget(const std::string& canonical);

} // namespace uops::program
