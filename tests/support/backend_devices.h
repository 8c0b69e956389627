// Tests that open CPU or CL:<n> by name register the backends' devices at
// start, as uopc and uopscope do.
#pragma once

#include "backends/devices.h"
#include "core/engine/device.h"
#include "core/engine/device_registry.h"

namespace uops::test {

inline const bool kBackendDevicesRegistered = (registerBackendDevices(), true);

// Whether this machine opens the device `name` (CL:0 needs an OpenCL platform).
inline bool deviceOpens(const char* name) {
  try {
    openDevice(name);
    return true;
  } catch (const DeviceError&) {
    return false;
  }
}

} // namespace uops::test
