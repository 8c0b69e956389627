// A lowered kernel's machine code, for the Code view: compiled by LLVM on the
// calling (worker) thread and disassembled; compiled kernels are cached by
// content, so stepping back to a kernel is quick. A failure becomes the text.
#pragma once

#include <QString>

namespace uops {
struct LoweredKernel;
}

namespace uops::views {

QString machineCode(const LoweredKernel& kernel);

} // namespace uops::views
