// `from tinygrad import Device`: Device.DEFAULT, the device a program's
// work runs on, as tinygrad spells it (model code reads it to pick dtypes or
// to print where it runs), and Device[name].renderer.supported_dtypes().
#pragma once

#include "core/frontend/value.h"

#include <string>

namespace uops::program {

// tinygrad's name for a load device: "REF" (the reference evaluator, which
// tinygrad does not have) is "CPU"; "CL:1" is "CL", as tinygrad's
// Device.DEFAULT names a backend, not one of its devices.
std::string defaultDeviceName(const std::string& loadDevice);

frontend::Value deviceObject(const std::string& loadDevice);

} // namespace uops::program
