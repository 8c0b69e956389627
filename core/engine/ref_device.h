// REF: the reference evaluator as a device. It runs no kernels (a program on
// REF is its graph evaluated op by op, core/engine/program_run.h); its
// buffers are host memory.
#pragma once

#include "core/engine/device_registry.h"

namespace uops {

DeviceKind refDeviceKind();

} // namespace uops
