// A lowered kernel's machine code, for the Code view, made on the calling
// (worker) thread: for the CPU compiled by LLVM and disassembled (compiled
// kernels are cached by content, so stepping back to a kernel is quick); for
// a CL device built by its driver (cl_machine_code.h). A failure becomes the text.
#pragma once

#include <QString>

namespace uops {
struct LoweredKernel;
}

namespace uops::views {

QString machineCode(const LoweredKernel& kernel);

} // namespace uops::views
