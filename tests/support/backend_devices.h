// Tests that open CPU or CL:<n> by name register the backends' devices at
// start, as uopc and uopscope do.
#pragma once

#include "backends/devices.h"

namespace uops::test {

inline const bool kBackendDevicesRegistered = (registerBackendDevices(), true);

} // namespace uops::test
