// A lowered kernel's machine code, for the Code view, made on the calling
// (worker) thread by the device it was lowered for (Device::compile, then
// DeviceProgram::machineCode: the CPU's compiled kernels are cached by
// content, so stepping back to a kernel is quick; a CL device's driver binary,
// after one launch on scratch buffers where the driver compiles at launch).
// A failure becomes the text.
#pragma once

#include <QString>

namespace uops {
struct LoweredKernel;
}

namespace uops::views {

QString machineCode(const LoweredKernel& kernel);

} // namespace uops::views
